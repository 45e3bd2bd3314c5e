import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventForReview } from '@tdk/api/contract';
import { renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { aSubmittedEvent, anOrganisationSummary, platformAdmin, platformSupport } from '../../test/fixtures';
import { ReviewQueue } from './review-queue';

const applied = anOrganisationSummary({ id: 5, displayName: 'Pune Trail Collective', status: 'applied' });

function renderQueue(session = platformSupport) {
  let events: EventForReview[] = [aSubmittedEvent()];
  let organisations = [applied];
  const api = stubApi({
    'GET /api/platform/organisations': () => ({ organisations }),
    'POST /api/platform/organisations/:id/approve': () => {
      organisations = [];
      return { organisation: { ...applied, status: 'approved' } };
    },
    'GET /api/platform/events': () => ({ events }),
    'POST /api/platform/events/:id/approve': () => {
      events = [];
      return { event: { ...aSubmittedEvent(), status: 'Active', pendingStatus: null } };
    },
    'POST /api/platform/events/:id/reject': ({ body }: StubbedRequest) => {
      events = [];
      return { event: { ...aSubmittedEvent(), status: 'Draft', pendingStatus: null, reason: body } };
    },
  });
  renderWithPlatform(<ReviewQueue />, { api, session, route: '/admin/platform' });
  return api;
}

describe('The approval queue', () => {
  it('shows a submitted event as buyers would see it, and approves it', async () => {
    const api = renderQueue();
    const preview = await screen.findByRole('region', { name: 'Koramangala Night League as buyers would see it' });
    expect(within(preview).getByText('KSFA Ground, Bengaluru')).toBeTruthy();
    expect(within(preview).getByText('Eight teams, floodlit matches.')).toBeTruthy();
    expect(within(preview).getByText(/Team Entry: ₹2,500 \(8 available\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Koramangala Night League' }));
    expect(await screen.findByText('"Koramangala Night League" is now Active.')).toBeTruthy();
    expect(api.calls('POST /api/platform/events/:id/approve')[0]!.path).toBe('/api/platform/events/41/approve');
    expect(await screen.findByText('No event is waiting for review')).toBeTruthy();
  });

  it('rejects an event only with a reason', async () => {
    const api = renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Koramangala Night League' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject event' }));
    expect(await within(dialog).findByText('Give a reason: the organiser is e-mailed it')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Add the match rules' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject event' }));
    await waitFor(() =>
      expect(api.calls('POST /api/platform/events/:id/reject')[0]?.body).toEqual({ reason: 'Add the match rules' }),
    );
    expect(await screen.findByText('"Koramangala Night League" is back in Draft.')).toBeTruthy();
  });

  it('lists organisations awaiting approval; only a platform admin approves one', async () => {
    renderQueue(platformSupport);
    expect(await screen.findByRole('link', { name: 'Pune Trail Collective' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve Pune Trail Collective' })).toBeNull();
  });

  it('approves an organisation as a platform admin', async () => {
    const api = renderQueue(platformAdmin);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Pune Trail Collective' }));
    expect(await screen.findByText('No organisation is waiting')).toBeTruthy();
    expect(api.calls('POST /api/platform/organisations/:id/approve')[0]!.path).toBe('/api/platform/organisations/5/approve');
  });
});
