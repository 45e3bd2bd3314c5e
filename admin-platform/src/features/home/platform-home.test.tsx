import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { anOrganisationSummary, platformSupport } from '../../test/fixtures';
import { PlatformHome } from './platform-home';

const league = anOrganisationSummary();
const club = anOrganisationSummary({
  id: 5,
  slug: 'pune-trail-collective',
  displayName: 'Pune Trail Collective',
  status: 'applied',
  counts: { events: 1, paidOrders: 0, moneyTaken: 0 },
});

describe('Organisations', () => {
  it('lists every organisation with its status and figures, and narrows them by status on the server', async () => {
    const api = stubApi({
      'GET /api/platform/organisations': ({ query }: StubbedRequest) => ({
        organisations: query.get('status') === 'applied' ? [club] : [league, club],
      }),
      'GET /api/platform/events': { events: [] },
    });
    renderWithPlatform(<PlatformHome />, { api, session: platformSupport, route: '/admin/platform' });
    const row = (await screen.findByRole('link', { name: 'Open Bengaluru Football League' })).closest('tr')!;
    expect(within(row).getByText('Approved')).toBeTruthy();
    expect(within(row).getByText('41')).toBeTruthy();
    expect(within(row).getByText('₹20,500')).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: 'Open Pune Trail Collective' }).closest('tr')!).getByText('Awaiting approval'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'applied' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Bengaluru Football League' })).toBeNull());
    expect(api.calls('GET /api/platform/organisations').at(-1)!.query.get('status')).toBe('applied');
    // Platform support reads; creating an organisation is the platform admins'.
    expect(screen.queryByRole('button', { name: 'Create organisation' })).toBeNull();
  });

  it('says so when the organisations cannot be loaded', async () => {
    renderWithPlatform(<PlatformHome />, {
      api: { 'GET /api/platform/organisations': () => new Response(null, { status: 500 }) },
      session: platformSupport,
      route: '/admin/platform',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load organisations.');
  });
});
