import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHECK_IN_REFUSALS } from '../../api/src/contract';
import type { Registration } from '../../api/src/contract';
import { gateNight, paidOrder, paidTicket, registrationNow } from '../support/check-in';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium';
import { test, expect } from '../support/console';
import { writeQrVideo } from '../support/qr-video';
import { signIn } from '../support/staff';

// Gate check-in (issue 11): staff at the gates of a real event, online and offline.

// A page offline logs every request the network refused; that is the point of these journeys.
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|net::ERR/;

const verdict = (page: Page) => page.locator('section[data-tone]');

async function openGate(page: Page, eventId: number, gate: string) {
  await page.goto(`/admin/registrations/check-in?event=${eventId}`);
  await expect(page.getByRole('heading', { name: 'Gate Check-in' })).toBeVisible();
  const gateField = page.getByLabel('Gate (this device)');
  await gateField.fill(gate);
  await gateField.blur();
  await expect(page.getByLabel('Event', { exact: true })).toHaveValue(String(eventId));
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Ticket code, ticket number or booking reference').fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
}

async function prepareOffline(page: Page) {
  await page.getByRole('button', { name: 'Prepare for offline' }).click();
  await expect(page.getByText(/^Ready offline: \d+ tickets/)).toBeVisible();
}

test('a coordinator checks tickets in by their QR value: green, then amber with the first gate; a forged code is red', async ({
  page,
  request,
  baseURL,
  browserConsole,
}) => {
  // Amber and red are the API's 409 and 422, which the browser logs as failed requests.
  browserConsole.allow(/status of (409|422)/);
  const { event, ticket } = await gateNight(request, baseURL!);
  const kavya = await paidTicket(request, baseURL!, event, ticket, 'Kavya Menon');
  await paidTicket(request, baseURL!, event, ticket, 'Arjun Rao');
  await signIn(page, baseURL!, 'coordinator');

  await page.goto('/admin/registrations');
  await page.getByRole('link', { name: 'Gate check-in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/registrations\/check-in/);
  await openGate(page, event.id, 'North Gate');
  await expect(page.getByText('0 / 2')).toBeVisible();

  // A handheld reader types the whole signed QR value.
  await typeCode(page, kavya.qrCode);
  await expect(verdict(page)).toHaveAttribute('data-tone', 'green');
  await expect(verdict(page)).toContainText('Admitted');
  await expect(verdict(page)).toContainText('Kavya Menon');
  await expect(verdict(page)).toContainText('General');
  await expect(page.getByText('1 / 2')).toBeVisible();

  await typeCode(page, kavya.qrCode);
  await expect(verdict(page)).toHaveAttribute('data-tone', 'amber');
  await expect(verdict(page)).toContainText(/Already checked in at .+ by North Gate/);

  const forged = kavya.qrCode.replace(/.{10}$/, 'AAAAAAAAAA');
  await typeCode(page, forged);
  await expect(verdict(page)).toHaveAttribute('data-tone', 'red');
  await expect(verdict(page)).toContainText(CHECK_IN_REFUSALS.forged);

  // The console shows who came in, when and through which gate.
  const stored = await registrationNow(page.request, baseURL!, kavya.id);
  expect(stored).toMatchObject({ status: 'Checked-In', checkInGate: 'North Gate' });
});

test('the camera reads a ticket QR code and admits it', async ({ request, baseURL }) => {
  const { event, ticket } = await gateNight(request, baseURL!);
  const meera = await paidTicket(request, baseURL!, event, ticket, 'Meera Iyer');
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'tdk-camera-')), 'ticket.y4m');
  writeQrVideo(video, meera.qrCode);
  // Chromium's fake camera plays the file: a browser of its own, started with it.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, baseURL!, 'coordinator');
    await openGate(page, event.id, 'East Gate');
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByRole('button', { name: 'Stop camera' })).toBeVisible();
    await expect(verdict(page)).toHaveAttribute('data-tone', 'green');
    await expect(verdict(page)).toContainText('Meera Iyer');
    expect((await registrationNow(page.request, baseURL!, meera.id)).checkInGate).toBe('East Gate');
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a QR made from a ticket number is refused as forged at the camera and audited; a typed booking reference lists the booking and staff admit one attendee (issue 28)', async ({
  request,
  baseURL,
}) => {
  const { event, ticket } = await gateNight(request, baseURL!, `Forgery Gate ${Date.now()}`);
  const family = await paidOrder(request, baseURL!, event, ticket, 'Lata Kulkarni', 2);
  const [lata, other] = family.attendees as [Registration, Registration];
  const lataName = `${lata.participantInfo.firstName} ${lata.participantInfo.lastName}`.trim() || lata.registrationNumber;
  // Someone who saw Lata's ticket number prints it as a QR, without the signature.
  const forged = `TDK-${lata.registrationNumber}-${event.id}`;
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'tdk-camera-')), 'forged.y4m');
  writeQrVideo(video, forged);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    await signIn(page, baseURL!, 'coordinator');
    await openGate(page, event.id, 'Forgery Gate');
    await expect(page.getByText('0 / 2')).toBeVisible();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(verdict(page)).toHaveAttribute('data-tone', 'red');
    await expect(verdict(page)).toContainText(CHECK_IN_REFUSALS.forged);
    await page.getByRole('button', { name: 'Stop camera' }).click();
    expect((await registrationNow(page.request, baseURL!, lata.id)).checkInTime).toBeNull();

    // At the desk, the booking reference typed: the booking's two attendees, nobody in yet.
    await typeCode(page, family.bookingReference);
    const list = page.getByRole('list', { name: 'Attendees of this booking' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('0 / 2')).toBeVisible();
    await list.getByRole('button', { name: `Admit ${lataName}` }).click();
    await expect(page.getByText(`${lataName} admitted`)).toBeVisible();
    await expect(page.getByText('1 / 2')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('gate-typed-booking.png') });
    expect((await registrationNow(page.request, baseURL!, lata.id)).checkInGate).toBe('Forgery Gate');
    expect((await registrationNow(page.request, baseURL!, other.id)).checkInTime).toBeNull();

    // The audit log has the forged scan, with its gate and device, and the manual admission.
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await signIn(adminPage, baseURL!, 'admin');
    const audit = (await (await adminPage.request.get('/api/admin/audit?limit=200')).json()) as {
      entries: { action: string; detail: Record<string, unknown> | null }[];
    };
    const refused = audit.entries.find((entry) => entry.action === 'check_in_refused' && entry.detail?.code === forged);
    expect(refused?.detail).toMatchObject({ reason: CHECK_IN_REFUSALS.forged, gate: 'Forgery Gate', entry: 'scan' });
    expect(String(refused?.detail?.device)).toContain('Chrome');
    const manual = audit.entries.find(
      (entry) => entry.action === 'check_in' && entry.detail?.registrationNumber === lata.registrationNumber,
    );
    expect(manual?.detail).toMatchObject({ via: 'manual', gate: 'Forgery Gate' });
    await admin.close();
  } finally {
    await browser.close();
  }
});

test('offline: the screen reloads with no network, admits two tickets on the device, and syncs them when the network is back', async ({
  page,
  context,
  request,
  baseURL,
  browserConsole,
}) => {
  browserConsole.allow(OFFLINE_NOISE);
  const { event, ticket } = await gateNight(request, baseURL!);
  const first = await paidTicket(request, baseURL!, event, ticket, 'Rohan Das');
  const second = await paidTicket(request, baseURL!, event, ticket, 'Sana Khan');
  await signIn(page, baseURL!, 'coordinator');
  await openGate(page, event.id, 'West Gate');
  await prepareOffline(page);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Gate Check-in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

  await typeCode(page, first.qrCode);
  await expect(verdict(page)).toHaveAttribute('data-tone', 'green');
  await expect(verdict(page)).toContainText('Rohan Das');
  await expect(verdict(page)).toContainText('Checked in on this device');
  // A typed ticket number lists its booking, from the device's list; staff admit Sana from it.
  await typeCode(page, second.registrationNumber);
  await page.getByRole('list', { name: 'Attendees of this booking' }).getByRole('button', { name: 'Admit Sana Khan' }).click();
  await expect(page.getByText('Sana Khan admitted')).toBeVisible();
  await expect(page.getByText(/2 scans wait to sync/)).toBeVisible();
  await expect(page.getByText('2 / 2')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/Every scan is synced/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  for (const registration of [first, second]) {
    expect(await registrationNow(request, baseURL!, registration.id)).toMatchObject({
      status: 'Checked-In',
      checkInGate: 'West Gate',
    });
  }
});

test('two gates admit the same ticket while offline: the first to sync stands, the other is told it was a duplicate', async ({
  browser,
  request,
  baseURL,
}) => {
  const { event, ticket } = await gateNight(request, baseURL!);
  const shared = await paidTicket(request, baseURL!, event, ticket, 'Vikram Shah');
  const gates: { context: BrowserContext; page: Page; errors: string[] }[] = [];
  for (const name of ['Gate A', 'Gate B']) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on(
      'console',
      (message) => message.type() === 'error' && !OFFLINE_NOISE.test(message.text()) && errors.push(message.text()),
    );
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, baseURL!, 'coordinator');
    await openGate(page, event.id, name);
    await prepareOffline(page);
    await context.setOffline(true);
    gates.push({ context, page, errors });
  }
  const [a, b] = gates as [(typeof gates)[0], (typeof gates)[0]];
  for (const gate of gates) {
    await typeCode(gate.page, shared.qrCode);
    await expect(verdict(gate.page)).toHaveAttribute('data-tone', 'green');
    await expect(gate.page.getByText(/1 scan waits to sync/)).toBeVisible();
  }

  await a.context.setOffline(false);
  await expect(a.page.getByText(/Every scan is synced/)).toBeVisible();
  await b.context.setOffline(false);
  await expect(b.page.getByText(/Every scan is synced/)).toBeVisible();
  await expect(b.page.getByText('The server answered differently after sync')).toBeVisible();
  await expect(b.page.getByText(/Vikram Shah.*Already checked in at .+ by Gate A/)).toBeVisible();
  await expect(a.page.getByText('The server answered differently after sync')).toHaveCount(0);
  expect((await registrationNow(request, baseURL!, shared.id)).checkInGate).toBe('Gate A');
  for (const gate of gates) {
    expect(gate.errors).toEqual([]);
    await gate.context.close();
  }
});
