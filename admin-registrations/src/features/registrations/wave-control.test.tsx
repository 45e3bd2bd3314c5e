import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Registration } from '@tdk/api/contract';
import { aRegistration, aStaffUser, aTicket, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { WaveSection } from './wave-control';

const WAVES = [
  { name: 'Wave A', start: '06:00', upTo: '0:50:00' },
  { name: 'Wave B', start: '06:15', upTo: null },
];

function renderSection(registration: Registration, canChange = true, waves = WAVES) {
  return renderWithPlatform(<WaveSection registration={registration} canChange={canChange} />, {
    session: aStaffUser({ role: 'manager' }),
    api: {
      'GET /api/admin/tickets/:id': { ticket: aTicket({ id: 3, waves }) },
      'PUT /api/admin/registrations/:id/wave': ({ body }: StubbedRequest) => {
        const wave = (body as { wave: string | null }).wave;
        const hand = WAVES.find((w) => w.name === wave);
        return {
          registration: {
            ...registration,
            waveOverride: wave,
            wave: hand ? { name: hand.name, start: hand.start, byHand: true } : { name: 'Wave B', start: '06:15', byHand: false },
          },
        };
      },
    },
  });
}

const derived = aRegistration({
  id: 42,
  ticketId: 3,
  wave: { name: 'Wave B', start: '06:15', byHand: false },
  waveOverride: null,
});

describe('an attendee’s start wave (decision 068)', () => {
  it('shows the derived wave, and a manager puts the runner in another by hand', async () => {
    const { api } = renderSection(derived);
    expect(await screen.findByText('Wave B · starts 06:15 (from the expected finish)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Put in wave'), { target: { value: 'Wave A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save wave' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/registrations/:id/wave')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/registrations/:id/wave')[0]!.body).toEqual({ wave: 'Wave A' });
    expect(await screen.findByText('Wave A · starts 06:00 (set by hand)')).toBeTruthy();
  });

  it('clears a hand assignment back to the expected finish', async () => {
    const { api } = renderSection(
      aRegistration({ id: 42, ticketId: 3, wave: { name: 'Wave A', start: '06:00', byHand: true }, waveOverride: 'Wave A' }),
    );
    expect(await screen.findByText('Wave A · starts 06:00 (set by hand)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Put in wave'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save wave' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/registrations/:id/wave')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/registrations/:id/wave')[0]!.body).toEqual({ wave: null });
    expect(await screen.findByText('Wave B · starts 06:15 (from the expected finish)')).toBeTruthy();
  });

  it('offers no change to staff who may not edit attendees, and shows nothing for a race without waves', async () => {
    const { unmount } = renderSection(derived, false);
    expect(await screen.findByText('Wave B · starts 06:15 (from the expected finish)')).toBeTruthy();
    expect(screen.queryByLabelText('Put in wave')).toBeNull();
    unmount();
    const { api } = renderSection(derived, true, []);
    await waitFor(() => expect(api.calls('GET /api/admin/tickets/:id')).toHaveLength(1));
    expect(screen.queryByText('Start wave')).toBeNull();
  });
});
