import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anEvent, aStaffUser, errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import type { AdminWaitingRoomResponse } from '@tdk/api/contract';
import { WaitingRoomDialog } from './waiting-room-dialog';

const run = anEvent({ id: 7, title: 'Mumbai Marathon', status: 'Active' });

const open: AdminWaitingRoomResponse = {
  eventId: 7,
  settings: {
    enabled: true,
    onSaleDate: '2030-01-01',
    onSaleTime: '10:00',
    onSaleAt: '2030-01-01T04:30:00.000Z',
    ratePerMinute: 300,
    finishMinutes: 10,
    capPerEmail: 4,
    capPerPhone: 4,
    browsersPerAddress: 10,
  },
  figures: {
    state: 'open',
    paused: false,
    waiting: 41_250,
    admitted: 120,
    inCheckout: 85,
    bought: 2_300,
    expired: 40,
    sold: 6_100,
    seatsLeft: 3_900,
    openedAt: '2030-01-01T04:30:00.000Z',
    shuffleSeed: 'ab'.repeat(32),
    preQueueCount: 38_000,
    soldOutAt: null,
    closedAt: null,
  },
  audit: [
    { id: 3, at: '2030-01-01T04:30:00.000Z', action: 'open', actorEmail: 'system', detail: { preQueue: 38_000 } },
    {
      id: 2,
      at: '2029-12-31T10:00:00.000Z',
      action: 'update',
      actorEmail: 'manager@tdk.test',
      detail: { ratePerMinute: { from: 200, to: 300 } },
    },
  ],
};

function renderDialog(role: 'manager' | 'support', routes = {}) {
  return renderWithPlatform(<WaitingRoomDialog event={run} canWrite={role === 'manager'} onClose={() => {}} />, {
    session: aStaffUser({ role }),
    api: { 'GET /api/admin/events/:id/waiting-room': open, ...routes },
  });
}

describe('the waiting room console', () => {
  it('shows the live figures, the recorded seed and the audit', async () => {
    renderDialog('manager');
    expect(await screen.findByText('Open: admitting')).toBeTruthy();
    expect(screen.getByText('41,250')).toBeTruthy();
    expect(screen.getByText('6,100 / 3,900')).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    expect(screen.getByText(/update · manager@tdk.test/)).toBeTruthy();
    // The sale opened: the on-sale time is fixed, the rate is not.
    expect((screen.getByLabelText('On-sale time (India)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Admission rate (people per minute)') as HTMLInputElement).disabled).toBe(false);
  });

  it('changes the rate live and pauses, and shows the contract message for a bad rate', async () => {
    const api = renderDialog('manager', {
      'PUT /api/admin/events/:id/waiting-room': ({ body }: { body: unknown }) => ({
        ...open,
        settings: { ...open.settings!, ratePerMinute: (body as { ratePerMinute: number }).ratePerMinute },
      }),
      'POST /api/admin/events/:id/waiting-room/pause': { ...open, figures: { ...open.figures!, paused: true, state: 'paused' } },
    }).api;
    const rate = (await screen.findByLabelText('Admission rate (people per minute)')) as HTMLInputElement;
    fireEvent.change(rate, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The admission rate must be at least 1')).toBeTruthy();
    expect(api.calls('PUT /api/admin/events/:id/waiting-room')).toHaveLength(0);
    fireEvent.change(rate, { target: { value: '450' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id/waiting-room')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/events/:id/waiting-room')[0]!.body).toMatchObject({
      ratePerMinute: 450,
      onSaleTime: '10:00',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause admissions' }));
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume admissions' })).toBeTruthy();
  });

  it('lets support look but not steer, and says when the room failed to load', async () => {
    renderDialog('support');
    expect(await screen.findByText('Open: admitting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause admissions' })).toBeNull();
  });

  it('offers a new room with the defaults', async () => {
    renderDialog('manager', {
      'GET /api/admin/events/:id/waiting-room': { eventId: 7, settings: null, figures: null, audit: [] },
    });
    expect(((await screen.findByLabelText('Admission rate (people per minute)')) as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Tickets per buyer e-mail (whole sale)') as HTMLInputElement).value).toBe('4');
  });

  it('says so when the room cannot be loaded', async () => {
    renderDialog('manager', { 'GET /api/admin/events/:id/waiting-room': () => errorResponse(500, 'internal_error', 'boom') });
    expect(await screen.findByText('Failed to load the waiting room.')).toBeTruthy();
  });
});
