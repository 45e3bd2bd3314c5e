import { expect, test } from '../support/console';
import { createTicket, gateNight, paidTicket } from '../support/check-in';
import { qrOfPrintedPdf } from '../support/printed-pdf';
import { signIn } from '../support/staff';

// Race day's end (issue 43): a manager imports the timing company's file, is shown its bad rows,
// corrects it and publishes; a runner who reads Hindi finds their result, downloads the finisher
// certificate, and its QR, read off the printed page, verifies against the platform's key.

test('a timing file imported with errors, corrected and published; a runner in Hindi downloads a certificate whose QR verifies', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const title = `Results Run ${Date.now()}`;
  const { event } = await gateNight(request, baseURL!, title);
  const race = await createTicket(request, baseURL!, {
    eventId: event.id,
    name: '10K',
    description: 'Chip-timed 10K',
    category: 'General',
    price: 499,
    quantity: 100,
    status: 'Active',
    bibFrom: 1,
    bibTo: 100,
    distanceKm: 10,
  });
  const kshitij = await paidTicket(request, baseURL!, event, race, 'क्षितिज द्विवेदी');
  const kavya = await paidTicket(request, baseURL!, event, race, 'Kavya Menon');
  expect([kshitij.bib, kavya.bib]).toEqual([1, 2]);

  // The manager's import: a bib nobody wears and an unreadable time are listed, nothing is saved.
  await signIn(page, baseURL!, 'manager');
  await page.goto('/admin/events');
  await page.getByPlaceholder('Search events...').fill(title);
  await page.getByRole('button', { name: `View ${title}` }).click();
  await page.getByRole('button', { name: 'Results', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Results: ${title}` });
  const paste = dialog.getByLabel('Or paste the CSV');
  await paste.fill(
    [
      'bib,gun_time,net_time,status',
      '1,0:48:10,0:47:59.4,finisher',
      '2,0:51:00,0:5x:00,finisher',
      '77,0:50:00,0:49:00,finisher',
    ].join('\n'),
  );
  await dialog.getByRole('button', { name: 'Check file' }).click();
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  await expect(problems).toContainText('No runner of this event has bib 77');
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: 'Save as new version' })).toBeDisabled();

  // Corrected: read, saved as version 1, published.
  await paste.fill(['bib,gun_time,net_time,status', '1,0:48:10,0:47:59.4,finisher', '2,0:51:00,0:50:31,finisher'].join('\n'));
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('2 results read: 2 finishers, 0 DNF, 0 DNS, 0 DQ.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save as new version' }).click();
  await dialog.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(dialog.getByText(/Version 1: 2 results, saved by .*, published/)).toBeVisible();

  // The runner, in Hindi, on a phone.
  const runner = await browser.newPage({ viewport: { width: 360, height: 760 }, acceptDownloads: true });
  await runner.goto(`/event/${event.id}/results?lang=hi`);
  await runner.getByLabel('नाम या बिब से खोजें').fill('क्षितिज');
  await runner.getByRole('link', { name: 'क्षितिज द्विवेदी' }).click();
  await expect(runner.getByRole('heading', { level: 1, name: 'क्षितिज द्विवेदी' })).toBeVisible();
  await expect(runner.getByText('0:47:59.4', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    runner.waitForEvent('download'),
    runner.getByRole('link', { name: 'प्रमाणपत्र डाउनलोड करें (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('certificate-1.pdf');
  const file = testInfo.outputPath('certificate.pdf');
  await download.saveAs(file);

  // Its QR, read off the page, is the verification page with the signed result: verified.
  const address = qrOfPrintedPdf(file);
  expect(address).toMatch(/\/verify#ey/);
  const { pathname, hash } = new URL(address!);
  await runner.goto(`${pathname}?lang=en${hash}`);
  await expect(runner.getByText(/^Signature verified with key /)).toBeVisible();
  await expect(runner.getByRole('term').filter({ hasText: 'Name' }).locator('xpath=following-sibling::dd')).toHaveText(
    'क्षितिज द्विवेदी',
  );
  await expect(runner.getByRole('term').filter({ hasText: 'Net time' }).locator('xpath=following-sibling::dd')).toHaveText(
    '0:47:59.4',
  );
  await runner.close();
});
