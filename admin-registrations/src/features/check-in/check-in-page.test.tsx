import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CheckInListEntry, CheckInListResponse, Registration } from '@tdk/api/contract';
import { indiaDateKey } from '@tdk/shared-ui';
import {
  aRegistration,
  aStaffUser,
  errorResponse,
  renderWithPlatform,
  type StubbedRequest,
  type StubRoutes,
} from '@tdk/shared-ui/testing';
import { CheckInPage } from './check-in-page';
import { enqueueScan } from './check-in-store';

// The camera stands in as a field: what a test puts in it is what the camera read off a QR.
vi.mock('./camera-scanner', () => ({
  CameraScanner: ({ onCode }: { onCode: (code: string) => void }) => (
    <input aria-label="Camera reads" onChange={(event) => onCode(event.target.value)} />
  ),
}));

const today = indiaDateKey();
const entry = (number: string, change: Partial<CheckInListEntry> = {}): CheckInListEntry => ({
  code: `TDK-${number}-5-Sig_nature`,
  registrationNumber: number,
  name: `Runner ${number}`,
  bookingReference: number,
  ticketName: 'General',
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
/** A family's order of three: nobody in yet but the second, whom the North Gate admitted. */
const FAMILY_IN_AT = '2026-11-23T04:40:00.000Z';
const FAMILY = [
  entry('REGFAM01', { bookingReference: 'REGFAM', name: 'Kavya Menon' }),
  entry('REGFAM02', {
    bookingReference: 'REGFAM',
    name: 'Arjun Menon',
    status: 'Checked-In',
    checkInTime: FAMILY_IN_AT,
    gate: 'North Gate',
  }),
  entry('REGFAM03', { bookingReference: 'REGFAM', name: '', ticketName: 'Kids 2K' }),
];
const FAMILY_LIST: CheckInListResponse = { ...LIST, entries: [...LIST.entries, ...FAMILY], checkedIn: 1, confirmed: 5 };
const attendee = (each: CheckInListEntry, position: number, change: Partial<Registration> = {}): Registration =>
  aRegistration({
    registrationNumber: each.registrationNumber,
    bookingReference: 'REGFAM',
    position,
    orderSize: 3,
    detailsMissing: each.name === '',
    ticketName: each.ticketName,
    status: each.checkInTime ? 'Checked-In' : 'Confirmed',
    checkInTime: each.checkInTime,
    checkInGate: each.gate,
    participantInfo: {
      ...aRegistration().participantInfo,
      firstName: each.name.split(' ')[0] ?? '',
      lastName: each.name.split(' ')[1] ?? '',
    },
    ...change,
  });

/** The event's check-in lists (decision 065): entry, kit and the organiser's VIP enclosure. */
const LISTS = [
  { id: 'entry', name: '', builtIn: true, ticketTypeIds: [] },
  { id: 'kit', name: '', builtIn: true, ticketTypeIds: [] },
  { id: '12', name: 'VIP enclosure', builtIn: false, ticketTypeIds: [3] },
];

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

// A fresh IndexedDB per test: what one device kept (a list, a queued scan) is not another's. The
// store closes its connection when asked to, so the deletion ends before the test starts.
beforeEach(
  () =>
    // A test before may end offline: React Query's own online state must start online too, or the
    // lists' and counts' queries wait for a network event that has already passed.
    new Promise<void>((resolve, reject) => {
      setOnline(true);
      onlineManager.setOnline(true);
      const deletion = indexedDB.deleteDatabase('tdk-check-in');
      deletion.onsuccess = () => resolve();
      deletion.onerror = () => reject(deletion.error);
    }),
);

function renderGate(routes: StubRoutes = {}) {
  return renderWithPlatform(<CheckInPage />, {
    session: aStaffUser({ role: 'coordinator' }),
    route: '/admin/registrations/check-in',
    api: {
      'GET /api/admin/events/options': { events: [{ id: 5, title: 'Gate Night', date: today, status: 'Active' }] },
      'GET /api/admin/registrations/check-in/list': LIST,
      'GET /api/admin/events/:id/check-in-lists': { lists: LISTS },
      'GET /api/admin/events/:id/check-in-counts': { lists: [] },
      ...routes,
    },
  });
}

async function typeCode(code: string) {
  fireEvent.change(await screen.findByLabelText('Ticket code, ticket number or booking reference'), {
    target: { value: code },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
}

async function cameraReads(code: string) {
  fireEvent.change(await screen.findByLabelText('Camera reads'), { target: { value: code } });
}

const verdict = () => document.querySelector('[data-tone]') as HTMLElement;

describe('Gate Check-in', () => {
  it("picks today's event, and admits a typed QR value with the attendee's name, ticket type and ticket number", async () => {
    setOnline(true);
    const admittedOne = aRegistration({
      registrationNumber: 'REGA',
      ticketName: 'General',
      quantity: 2,
      participantInfo: { ...aRegistration().participantInfo, firstName: 'Kavya', lastName: 'Menon' },
    });
    const api = renderGate({ 'POST /api/admin/registrations/check-in': { registration: admittedOne } }).api;
    expect(await screen.findByText('0 / 2')).toBeTruthy();
    // A handheld reader types the whole signed QR value into the field.
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(verdict().textContent).toContain('Kavya Menon');
    expect(verdict().textContent).toContain('General · REGA');
    expect(api.calls('POST /api/admin/registrations/check-in')[0]!.body).toEqual({
      code: 'TDK-REGA-5-Sig_nature',
      entry: 'typed',
      gate: 'Gate 1',
      eventId: 5,
    });
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

  it('sends what the camera read as a scan, which the server admits only signed (issue 28)', async () => {
    setOnline(true);
    const api = renderGate({
      'POST /api/admin/registrations/check-in': errorResponse(422, 'unprocessable', 'This ticket was not issued by us'),
    }).api;
    expect(await screen.findByText('0 / 2')).toBeTruthy();
    await cameraReads('REGA');
    await waitFor(() => expect(verdict().dataset.tone).toBe('red'));
    expect(verdict().textContent).toContain('This ticket was not issued by us');
    expect(api.calls('POST /api/admin/registrations/check-in')[0]!.body).toEqual({
      code: 'REGA',
      entry: 'scan',
      gate: 'Gate 1',
      eventId: 5,
    });
    expect(screen.getByText('0 / 2')).toBeTruthy();
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
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(verdict().textContent).toContain('Checked in on this device');
    await typeCode('TDK-REGB-5-Sig_nature');
    await waitFor(() => expect(screen.getByText(/2 scans wait to sync/)).toBeTruthy());
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('amber'));
    await typeCode('TDK-REGC-5-Sig_nature');
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
    await typeCode('TDK-REGB-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(verdict().textContent).toContain('Checked in on this device');
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText(/1 scan waits to sync/)).toBeTruthy();
  });

  it("lists an order's attendees for a typed booking reference, and admits the one chosen by their ticket number", async () => {
    setOnline(true);
    const family = FAMILY.map((each, i) => attendee(each, i + 1));
    const api = renderGate({
      'GET /api/admin/registrations/check-in/list': FAMILY_LIST,
      'POST /api/admin/registrations/check-in': ({ body }: StubbedRequest) => {
        const { code } = body as { code: string };
        if (code === 'regfam') return { bookingReference: 'REGFAM', attendees: [family[2], family[0], family[1]] };
        const chosen = family.find((each) => each.registrationNumber === code)!;
        return {
          registration: { ...chosen, status: 'Checked-In', checkInTime: new Date().toISOString(), checkInGate: 'Gate 1' },
        };
      },
    }).api;
    expect(await screen.findByText('1 / 5')).toBeTruthy();
    await typeCode('regfam');

    const chooser = await screen.findByRole('region', { name: 'Booking REGFAM' });
    expect(within(chooser).getByText('This booking holds 3 tickets. Admit each person as they come in.')).toBeTruthy();
    // Nobody was admitted: the count stands, and the keyboard is on the list.
    expect(screen.getByText('1 / 5')).toBeTruthy();
    expect(document.activeElement).toBe(within(chooser).getByRole('heading', { name: 'Booking REGFAM' }));
    const items = within(within(chooser).getByRole('list', { name: 'Attendees of this booking' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.name')!.textContent)).toEqual([
      'Kavya Menon',
      'Arjun Menon',
      'Name not recorded',
    ]);
    expect(items[0]!.textContent).toContain('General · REGFAM01');
    expect(items[0]!.textContent).toContain('Not checked in yet');
    expect(items[1]!.textContent).toMatch(/Checked in at \d{1,2}:\d{2} [ap]m by North Gate/);
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(items[2]!.textContent).toContain('Kids 2K · REGFAM03');

    const admit = within(items[2]!).getByRole('button', { name: 'Admit REGFAM03' });
    expect(within(items[0]!).getByRole('button', { name: 'Admit Kavya Menon' })).toBeTruthy();
    // The booking opens with its heading focused (order-chooser); staff then move to an Admit button.
    await waitFor(() => expect(document.activeElement?.id).toBe(within(chooser).getByRole('heading').id));
    admit.focus();
    fireEvent.click(admit);
    await waitFor(() => expect(within(chooser).getByText('REGFAM03 admitted')).toBeTruthy());
    expect(api.calls('POST /api/admin/registrations/check-in').map((call) => call.body)).toEqual([
      { code: 'regfam', entry: 'typed', gate: 'Gate 1', eventId: 5 },
      // Chosen from the list by staff: a manual admission (issue 28).
      { code: 'REGFAM03', entry: 'chosen', gate: 'Gate 1', eventId: 5 },
    ]);
    // The list stays, the third is in by this gate, and the live count counts one more person.
    expect(items[2]!.textContent).toMatch(/Checked in at .* by Gate 1/);
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    // The keyboard goes on to the next one still to admit.
    expect(document.activeElement).toBe(within(items[0]!).getByRole('button', { name: 'Admit Kavya Menon' }));
    expect(screen.getByText('2 / 5')).toBeTruthy();
  });

  it('shows why an attendee of the list was not admitted, and leaves them to try again', async () => {
    setOnline(true);
    const family = FAMILY.map((each, i) => attendee(each, i + 1));
    renderGate({
      'GET /api/admin/registrations/check-in/list': FAMILY_LIST,
      'POST /api/admin/registrations/check-in': ({ body }: StubbedRequest) =>
        (body as { code: string }).code === 'REGFAM'
          ? { bookingReference: 'REGFAM', attendees: family }
          : errorResponse(422, 'unprocessable', 'This event is not today'),
    });
    expect(await screen.findByText('1 / 5')).toBeTruthy();
    await typeCode('REGFAM');
    const chooser = await screen.findByRole('region', { name: 'Booking REGFAM' });
    const admit = within(chooser).getByRole('button', { name: 'Admit Kavya Menon' });
    // The booking opens with its heading focused (order-chooser); staff then move to an Admit button.
    await waitFor(() => expect(document.activeElement?.id).toBe(within(chooser).getByRole('heading').id));
    admit.focus();
    fireEvent.click(admit);
    expect(await within(chooser).findByText('Not admitted: This event is not today')).toBeTruthy();
    expect(within(chooser).getByText('Kavya Menon: This event is not today')).toBeTruthy();
    await waitFor(() => expect((admit as HTMLButtonElement).disabled).toBe(false));
    expect(document.activeElement).toBe(admit);
    expect(screen.getByText('1 / 5')).toBeTruthy();
  });

  it('offline: lists the order from the prepared list for a typed booking reference, and admits one on the device', async () => {
    setOnline(true);
    const api = renderGate({
      'GET /api/admin/registrations/check-in/list': FAMILY_LIST,
      'POST /api/admin/registrations/check-in/sync': ({ body }: StubbedRequest) => ({
        results: (body as { scans: { code: string; scannedAt: string }[] }).scans.map((scan) => ({
          code: scan.code,
          outcome: 'checked-in',
          checkInTime: scan.scannedAt,
          gate: 'Gate 1',
        })),
      }),
    }).api;
    const prepare = (await screen.findByRole('button', { name: 'Prepare for offline' })) as HTMLButtonElement;
    await waitFor(() => expect(prepare.disabled).toBe(false));
    fireEvent.click(prepare);
    expect(await screen.findByText(/Ready offline: 6 tickets/)).toBeTruthy();

    setOnline(false);
    expect(await screen.findByText('Offline')).toBeTruthy();
    await typeCode('REGFAM');
    const chooser = await screen.findByRole('region', { name: 'Booking REGFAM' });
    const items = within(chooser).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(screen.getByText('1 / 5')).toBeTruthy();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Admit Kavya Menon' }));
    await waitFor(() => expect(within(chooser).getByText('Kavya Menon admitted')).toBeTruthy());
    expect(items[0]!.textContent).toContain('Checked in on this device');
    expect(screen.getByText('2 / 5')).toBeTruthy();
    expect(screen.getByText(/1 scan waits to sync/)).toBeTruthy();
    expect(api.calls('POST /api/admin/registrations/check-in')).toHaveLength(0);

    setOnline(true);
    expect(await screen.findByText(/Every scan is synced/)).toBeTruthy();
    expect(api.calls('POST /api/admin/registrations/check-in/sync')[0]!.body).toMatchObject({
      scans: [{ code: 'TDK-REGFAM01-5-Sig_nature', gate: 'Gate 1', entry: 'chosen' }],
    });
  });

  it('turns a scan admitted offline red with the reason when the server refuses it on sync, and the banner says so', async () => {
    setOnline(true);
    renderGate({
      'POST /api/admin/registrations/check-in/sync': ({ body }: StubbedRequest) => ({
        results: (body as { scans: { code: string }[] }).scans.map((scan) => ({
          code: scan.code,
          outcome: 'refused',
          checkInTime: null,
          gate: null,
          reason: 'This ticket was refunded',
        })),
      }),
    });
    const prepare = (await screen.findByRole('button', { name: 'Prepare for offline' })) as HTMLButtonElement;
    await waitFor(() => expect(prepare.disabled).toBe(false));
    fireEvent.click(prepare);
    expect(await screen.findByText(/Ready offline: 3 tickets/)).toBeTruthy();

    setOnline(false);
    expect(await screen.findByText('Offline')).toBeTruthy();
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(screen.getByText('1 / 2')).toBeTruthy();

    setOnline(true);
    await waitFor(() => expect(verdict().dataset.tone).toBe('red'));
    expect(verdict().textContent).toContain('Not admitted');
    expect(verdict().textContent).toContain('This ticket was refunded');
    const banner = screen.getByText('Online').closest('[role="status"]')!;
    expect(banner.textContent).toContain('1 scan was refused when synced: that person was not admitted');
    expect(screen.getByText('0 / 2')).toBeTruthy();
  });

  it('offline: lists the one attendee of a typed booking reference, for staff to admit', async () => {
    setOnline(true);
    const solo = entry('REGSOLO01', { bookingReference: 'REGSOLO', name: 'Dev Shah' });
    renderGate({ 'GET /api/admin/registrations/check-in/list': { ...LIST, entries: [...LIST.entries, solo], confirmed: 3 } });
    const prepare = (await screen.findByRole('button', { name: 'Prepare for offline' })) as HTMLButtonElement;
    await waitFor(() => expect(prepare.disabled).toBe(false));
    fireEvent.click(prepare);
    expect(await screen.findByText(/Ready offline: 4 tickets/)).toBeTruthy();
    setOnline(false);
    expect(await screen.findByText('Offline')).toBeTruthy();
    await typeCode('regsolo');
    const chooser = await screen.findByRole('region', { name: 'Booking REGSOLO' });
    expect(within(chooser).getByText('This booking holds 1 ticket. Admit each person as they come in.')).toBeTruthy();
    expect(screen.getByText('0 / 3')).toBeTruthy();
    fireEvent.click(within(chooser).getByRole('button', { name: 'Admit Dev Shah' }));
    await waitFor(() => expect(within(chooser).getByText('Dev Shah admitted')).toBeTruthy());
    expect(screen.getByText('1 / 3')).toBeTruthy();
  });
});

describe('Gate Check-in on a list (decision 065)', () => {
  const chooseList = async (name: string) => {
    const select = (await screen.findByLabelText('Check-in list')) as HTMLSelectElement;
    const option = await within(select).findByRole('option', { name });
    fireEvent.change(select, { target: { value: (option as HTMLOptionElement).value } });
  };

  it('offers entry, kit and the organiser’s lists, and shows the chosen list’s count by gate', async () => {
    setOnline(true);
    const api = renderGate({
      'GET /api/admin/events/:id/check-in-counts': {
        lists: [
          { id: 'entry', name: '', builtIn: true, checkedIn: 0, eligible: 2, gates: [] },
          { id: 'kit', name: '', builtIn: true, checkedIn: 0, eligible: 2, gates: [] },
          {
            id: '12',
            name: 'VIP enclosure',
            builtIn: false,
            checkedIn: 3,
            eligible: 4,
            gates: [
              { gate: 'VIP Gate', count: 2 },
              { gate: 'Lounge', count: 1 },
            ],
          },
        ],
      },
    }).api;
    const select = (await screen.findByLabelText('Check-in list')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual(['Race-day entry', 'Kit collection', 'VIP enclosure']),
    );
    await chooseList('VIP enclosure');
    await waitFor(() => expect(api.calls('GET /api/admin/registrations/check-in/list').at(-1)!.query.get('list')).toBe('12'));
    const byGate = await screen.findByRole('list', { name: 'Checked in by gate' });
    expect(
      within(byGate)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VIP Gate: 2', 'Lounge: 1']);
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(api.calls('POST /api/admin/registrations/check-in')).toHaveLength(1));
    expect(api.calls('POST /api/admin/registrations/check-in')[0]!.body).toMatchObject({ list: '12', eventId: 5 });
  });

  it('keeps the chosen list when a sync that began on the previous list ends after the choice', async () => {
    setOnline(true);
    // A scan queued offline before: its sync is slow to answer, and the volunteer meanwhile moves to the VIP list.
    await enqueueScan({
      eventId: 5,
      code: 'TDK-REGA-5-Sig_nature',
      scannedAt: new Date().toISOString(),
      gate: 'Gate 1',
      listedAt: LIST.generatedAt,
    });
    let answerSync!: () => void;
    const syncAnswered = new Promise<void>((resolve) => (answerSync = resolve));
    const VIP_LIST: CheckInListResponse = { ...LIST, entries: [entry('REGV')], confirmed: 1 };
    const api = renderGate({
      'GET /api/admin/registrations/check-in/list': ({ query }: StubbedRequest) => (query.get('list') === '12' ? VIP_LIST : LIST),
      'POST /api/admin/registrations/check-in/sync': async () => {
        await syncAnswered;
        return {
          results: [
            {
              code: 'TDK-REGA-5-Sig_nature',
              outcome: 'checked-in',
              checkInTime: new Date().toISOString(),
              gate: 'Gate 1',
              reason: null,
            },
          ],
        };
      },
    }).api;
    await waitFor(() => expect(api.calls('POST /api/admin/registrations/check-in/sync')).toHaveLength(1));
    await chooseList('VIP enclosure');
    expect(await screen.findByText('0 / 1')).toBeTruthy();
    answerSync();
    expect(await screen.findByText('Every scan is synced.')).toBeTruthy();
    // What the sync's end would start has started by the next turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The sync's end asks for no list: the VIP list stays on screen, not the entry list the sync began on.
    expect(api.calls('GET /api/admin/registrations/check-in/list').map((call) => call.query.get('list'))).toEqual(['12']);
    expect(screen.getByText('0 / 1')).toBeTruthy();
  });

  it('at kit collection: sends what is handed over and shows the bib, T-shirt size and the ID to check', async () => {
    setOnline(true);
    const runner = aRegistration({
      registrationNumber: 'REGA',
      bib: 1042,
      wave: { name: 'Wave B', start: '06:15', byHand: false },
      participantInfo: { ...aRegistration().participantInfo, firstName: 'Kavya', lastName: 'Menon', dateOfBirth: '1990-03-14' },
      additionalInfo: { ...aRegistration().additionalInfo, shirtSize: 'M' },
    });
    const api = renderGate({
      'POST /api/admin/registrations/check-in': ({ body }: { body: unknown }) => ({
        registration: runner,
        checkIn: {
          list: 'kit',
          checkInTime: new Date().toISOString(),
          gate: 'Gate 1',
          staffEmail: 'gate@example.com',
          items: (body as { items: string[] }).items,
          collectorName: null,
        },
      }),
    }).api;
    await chooseList('Kit collection');
    // The desk hands over bib and T-shirt by default; this one has run out of goodie bags, but gives medals.
    const handedOver = await screen.findByRole('group', { name: 'Handed over' });
    expect((within(handedOver).getByLabelText('Bib') as HTMLInputElement).checked).toBe(true);
    expect((within(handedOver).getByLabelText('T-shirt') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(handedOver).getByLabelText('T-shirt'));
    fireEvent.click(within(handedOver).getByLabelText('Medal'));
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(api.calls('POST /api/admin/registrations/check-in')[0]!.body).toMatchObject({
      list: 'kit',
      items: ['bib', 'medal'],
    });
    const facts = within(verdict());
    expect(facts.getByText('1042')).toBeTruthy();
    expect(facts.getByText('M')).toBeTruthy();
    // The start wave beside the bib (decision 068), so the desk can say which pen to go to.
    expect(facts.getByText('Start wave')).toBeTruthy();
    expect(facts.getByText('Wave B, starts 06:15')).toBeTruthy();
    expect(verdict().textContent).toMatch(/Check the ID.*Kavya Menon · .*\(age \d+\)/);
    expect(verdict().textContent).toContain('Bib, Medal');
  });

  it("at kit collection: a participant's authorisation QR shows whom to hand the kit to, and a used one is refused in the gate's words", async () => {
    setOnline(true);
    const runner = aRegistration({
      registrationNumber: 'REGA',
      bib: 1042,
      participantInfo: { ...aRegistration().participantInfo, firstName: 'Kavya', lastName: 'Menon' },
    });
    let used = false;
    renderGate({
      'POST /api/admin/registrations/check-in': () => {
        if (used) return errorResponse(422, 'unprocessable', 'This kit authorisation has already been used');
        used = true;
        return {
          registration: runner,
          checkIn: {
            list: 'kit',
            checkInTime: new Date().toISOString(),
            gate: 'Gate 1',
            staffEmail: 'gate@example.com',
            items: ['bib', 'tshirt'],
            collectorName: 'Rohan Menon',
          },
        };
      },
    });
    await chooseList('Kit collection');
    await cameraReads('TDK-KIT-17-Ab3dEf9hIj');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    expect(within(verdict()).getByTestId('kit-collector').textContent).toBe('Rohan Menon');
    expect(verdict().textContent).toContain("Check the collector's photo IDRohan Menon · Kavya Menon");
    await cameraReads('TDK-KIT-17-Ab3dEf9hIj ');
    await waitFor(() => expect(verdict().dataset.tone).toBe('red'));
    expect(verdict().textContent).toContain('This kit authorisation has already been used');
  });

  it('offline on the kit list: prepares the kit list, judges on the device days before the race, and syncs to the kit list', async () => {
    setOnline(true);
    const inTwoDays = indiaDateKey(new Date(Date.now() + 2 * 86_400_000));
    const api = renderGate({
      'GET /api/admin/events/options': { events: [{ id: 5, title: 'Gate Night', date: inTwoDays, status: 'Active' }] },
      'GET /api/admin/registrations/check-in/list': { ...LIST, eventDate: inTwoDays, list: 'kit' },
      'POST /api/admin/registrations/check-in/sync': ({ body }: { body: unknown }) => ({
        results: (body as { scans: { code: string }[] }).scans.map((scan) => ({
          code: scan.code,
          outcome: 'checked-in',
          checkInTime: new Date().toISOString(),
          gate: 'Gate 1',
        })),
      }),
    }).api;
    const event = (await screen.findByLabelText('Event')) as HTMLSelectElement;
    await within(event).findByRole('option', { name: /Gate Night/ });
    fireEvent.change(event, { target: { value: '5' } });
    await chooseList('Kit collection');
    const prepare = (await screen.findByRole('button', { name: 'Prepare for offline' })) as HTMLButtonElement;
    await waitFor(() => expect(prepare.disabled).toBe(false));
    fireEvent.click(prepare);
    expect(await screen.findByText(/Ready offline: 3 tickets/)).toBeTruthy();
    expect(api.calls('GET /api/admin/registrations/check-in/list').at(-1)!.query.get('list')).toBe('kit');

    setOnline(false);
    expect(await screen.findByText('Offline')).toBeTruthy();
    await typeCode('TDK-REGA-5-Sig_nature');
    await waitFor(() => expect(verdict().dataset.tone).toBe('green'));
    setOnline(true);
    expect(await screen.findByText(/Every scan is synced/)).toBeTruthy();
    expect(api.calls('POST /api/admin/registrations/check-in/sync')[0]!.body).toMatchObject({
      eventId: 5,
      list: 'kit',
      scans: [{ code: 'TDK-REGA-5-Sig_nature', gate: 'Gate 1' }],
    });
  });
});
