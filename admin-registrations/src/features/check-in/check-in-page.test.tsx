import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CheckInListEntry, CheckInListResponse } from '@tdk/api/contract';
import { indiaDateKey } from '@tdk/shared-ui';
import { aRegistration, aStaffUser, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { CheckInPage } from './check-in-page';

const today = indiaDateKey();
const entry = (number: string, change: Partial<CheckInListEntry> = {}): CheckInListEntry => ({
  code: `TDK-${number}-5-Sig_nature`,
  registrationNumber: number,
  name: `Runner ${number}`,
  ticketName: 'General',
  quantity: 1,
  status: 'Confirmed',
  paymentStatus: 'Paid',
  checkInTime: null,
  gate: null,
  ...change,
});
const LIST: CheckInListResponse = {
  eventId: 5,
  eventTitle: 'Gate Night',
  eventDate: today,
  generatedAt: new Date(Date.now() - 60_000).toISOString(),
  entries: [entry('REGA'), entry('REGB'), entry('REGC', { status: 'Cancelled' })],
  checkedIn: 0,
  confirmed: 2,
};

function renderGate(routes: StubRoutes = {}) {
  // A fresh IndexedDB per test: what one device kept is not another's.
  indexedDB.deleteDatabase('tdk-check-in');
  return renderWithPlatform(<CheckInPage />, {
    session: aStaffUser({ role: 'coordinator' }),
    route: '/admin/registrations/check-in',
    api: {
      'GET /api/admin/events/options': { events: [{ id: 5, title: 'Gate Night', date: today, status: 'Active' }] },
      'GET /api/admin/registrations/check-in/list': LIST,
      ...routes,
    },
  });
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

async function typeCode(code: string) {
  fireEvent.change(await screen.findByLabelText('Ticket code or registration number'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
}

const verdict = () => document.querySelector('[data-tone]') as HTMLElement;

describe('Gate Check-in', () => {
  it("picks today's event, and admits a typed code with the participant's name, ticket and quantity", async () => {
    setOnline(true);
    const admittedOne = aRegistration({
      registrationNumber: 'REGA',
      ticketName: 'General',
      quantity: 2,
      participantInfo: { ...aRegistration().participantInfo, firstName: 'Kavya', lastName: 'Menon' },
    });
    const api = renderGate({ 'POST /api/admin/registrations/check-in': { registration: admittedOne } }).api;
    expect(await screen.findByText('0 / 2')).toBeTruthy();
    await typeCode('rega');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(verdict().textContent).toContain('Kavya Menon');
    expect(verdict().textContent).toContain('General × 2');
    expect(api.calls('POST /api/admin/registrations/check-in')[0]!.body).toEqual({ code: 'rega', gate: 'Gate 1', eventId: 5 });
    expect(screen.getByText('1 / 2')).toBeTruthy();
  });

  it('answers amber with the first time and gate, and red with the reason', async () => {
    setOnline(true);
    let answer = errorResponse(409, 'conflict', 'Already checked in at 6:42 pm, 23 Nov by North Gate');
    renderGate({ 'POST /api/admin/registrations/check-in': () => answer });
    expect(await screen.findByText('0 / 2')).toBeTruthy();
    await typeCode('REGA');
    await waitFor(() => expect(verdict().dataset.tone).toBe('amber'));
    expect(verdict().textContent).toContain('Already checked in at 6:42 pm, 23 Nov by North Gate');
    expect(verdict().textContent).toContain('Runner REGA');
    answer = errorResponse(422, 'unprocessable', 'This ticket was not issued by us');
    await typeCode('TDK-REGA-5-forgedsig0');
    await waitFor(() => expect(verdict().dataset.tone).toBe('red'));
    expect(verdict().textContent).toContain('This ticket was not issued by us');
  });

  it('keeps a gate name with markup from being used', async () => {
    setOnline(true);
    renderGate();
    fireEvent.change(await screen.findByLabelText(/Gate \(this device\)/), { target: { value: '<b>Gate</b>' } });
    expect(await screen.findByText(/Gate name may contain letters/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offline: judges on the device from the prepared list, queues, and shows what the server said after sync', async () => {
    setOnline(true);
    const api = renderGate({
      'POST /api/admin/registrations/check-in/sync': ({ body }: { body: unknown }) => ({
        results: (body as { scans: { code: string }[] }).scans.map((scan) =>
          scan.code.includes('REGB')
            ? { code: scan.code, outcome: 'duplicate', checkInTime: '2026-11-23T13:12:00.000Z', gate: 'South Gate' }
            : { code: scan.code, outcome: 'checked-in', checkInTime: new Date().toISOString(), gate: 'Gate 1' },
        ),
      }),
    }).api;
    const prepare = (await screen.findByRole('button', { name: 'Prepare for offline' })) as HTMLButtonElement;
    await waitFor(() => expect(prepare.disabled).toBe(false));
    fireEvent.click(prepare);
    expect(await screen.findByText(/Ready offline: 3 tickets/)).toBeTruthy();

    setOnline(false);
    expect(await screen.findByText('Offline')).toBeTruthy();
    await typeCode('REGA');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(verdict().textContent).toContain('Checked in on this device');
    await typeCode('TDK-REGB-5-Sig_nature');
    await waitFor(() => expect(screen.getByText(/2 scans wait to sync/)).toBeTruthy());
    await typeCode('REGA');
    await waitFor(() => expect(verdict().dataset.tone).toBe('amber'));
    await typeCode('REGC');
    await waitFor(() => expect(verdict().textContent).toContain('This registration is cancelled'));
    expect(api.calls('POST /api/admin/registrations/check-in')).toHaveLength(0);

    setOnline(true);
    expect(await screen.findByText(/Every scan is synced/)).toBeTruthy();
    const [sync] = api.calls('POST /api/admin/registrations/check-in/sync');
    expect(sync!.body).toMatchObject({
      eventId: 5,
      listedAt: LIST.generatedAt,
      scans: [
        { code: 'TDK-REGA-5-Sig_nature', gate: 'Gate 1' },
        { code: 'TDK-REGB-5-Sig_nature', gate: 'Gate 1' },
      ],
    });
    expect(await screen.findByText(/Already checked in at .* by South Gate/)).toBeTruthy();
  });

  it('judges on the device when the network is up but the server cannot be reached', async () => {
    setOnline(true);
    let serverDown = false;
    renderGate({
      'GET /api/admin/registrations/check-in/list': () => {
        if (serverDown) throw new TypeError('Failed to fetch');
        return LIST;
      },
      'POST /api/admin/registrations/check-in': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const prepare = (await screen.findByRole('button', { name: 'Prepare for offline' })) as HTMLButtonElement;
    await waitFor(() => expect(prepare.disabled).toBe(false));
    fireEvent.click(prepare);
    expect(await screen.findByText(/Ready offline: 3 tickets/)).toBeTruthy();
    serverDown = true;
    await typeCode('REGB');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(verdict().textContent).toContain('Checked in on this device');
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText(/1 scan waits to sync/)).toBeTruthy();
  });
});
