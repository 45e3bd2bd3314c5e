import type { AdminOrderResponse } from '../../api/src/contract';
import { CHECK_IN_REFUSALS } from '../../api/src/contract';
import { gateNight, paidOrder } from '../support/check-in';
import { test, expect } from '../support/console';
import { outboxMails, readMail } from '../support/languages';
import { signIn } from '../support/staff';
import { toast } from '../support/storefront';

// Refunds (issue 24, decision 022): a manager refunds one attendee of a paid order of two in the
// console; the payments emulator settles it and says so by webhook; that attendee's ticket is
// refused at the gate; the buyer has the refund notice in their mail.

test('a manager refunds one attendee of two; the gate refuses that ticket and the buyer is told', async ({
  page,
  request,
  baseURL,
  browserConsole,
}) => {
  // The gate's red answer is the API's 422, which the browser logs as a failed request.
  browserConsole.allow(/status of (409|422)/);
  const { event, ticket } = await gateNight(request, baseURL!, `Refund Night ${Date.now()}`);
  const { bookingReference, attendees } = await paidOrder(request, baseURL!, event, ticket, 'Nisha Kulkarni', 2);
  const [kept, leaving] = attendees;
  await signIn(page, baseURL!, 'manager');

  await page.goto(`/admin/registrations?search=${bookingReference}`);
  const row = page.getByRole('row').filter({ hasText: leaving!.registrationNumber });
  await row.getByRole('button', { name: `Actions for ${leaving!.registrationNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Open Booking' }).click();
  const booking = page.getByRole('dialog', { name: 'Booking' });
  const money = booking.getByLabel('Money of this booking');
  await expect(money).toContainText('Paid₹998');
  await expect(booking.getByRole('table', { name: 'Payments of this booking' })).toContainText('UPI');

  await booking.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await refund.getByRole('checkbox', { name: new RegExp(leaving!.registrationNumber) }).check();
  await expect(refund.getByLabel(/Amount/)).toHaveValue('499');
  await refund.getByLabel(/Reason/).fill('Injured in training; asked by phone');
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await expect(refund.getByText('Refund ₹499?')).toBeVisible();
  await refund.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(toast(page, 'Refund started')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(booking.getByRole('table', { name: 'Refunds of this booking' })).toContainText('Injured in training');
  await expect(money).toContainText('Left to refund₹499');

  // The emulator settles the refund a moment later and tells the platform by a signed webhook.
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get(`/api/admin/orders/${kept!.orderId}`)).json()) as AdminOrderResponse;
        return answer.refunds[0]?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('succeeded');

  // At the gate: the refunded ticket is refused, the other still admitted.
  await page.goto(`/admin/registrations/check-in?event=${event.id}`);
  const gate = page.getByLabel('Gate (this device)');
  await gate.fill('Main Gate');
  await gate.blur();
  const scan = async (code: string) => {
    await page.getByLabel('Ticket code, ticket number or booking reference').fill(code);
    await page.getByRole('button', { name: 'Check in' }).click();
  };
  const verdict = page.locator('section[data-tone]');
  await scan(leaving!.qrCode);
  await expect(verdict).toHaveAttribute('data-tone', 'red');
  await expect(verdict).toContainText(CHECK_IN_REFUSALS.refunded);
  await scan(kept!.qrCode);
  await expect(verdict).toHaveAttribute('data-tone', 'green');

  // The buyer's refund notice, with the booking reference, the amount and the attendee.
  await expect
    .poll(
      () =>
        outboxMails()
          .map(readMail)
          .filter((mail) => mail.subject.startsWith('Refund for') && mail.subject.includes(bookingReference)).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const notice = outboxMails()
    .map(readMail)
    .find((mail) => mail.subject.startsWith('Refund for') && mail.subject.includes(bookingReference));
  expect(notice).toBeDefined();
  expect(notice!.text).toContain('₹499');
  expect(notice!.text).toContain(leaving!.registrationNumber);
  expect(notice!.text).not.toContain(kept!.registrationNumber);
});
