import { test, expect } from '../support/console';
import { signIn } from '../support/staff';

// Events and tickets from the console (issue 9), seen on the public site.

// A real 1×1 PNG: the API accepts images by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a manager creates an event with an image and a ticket, sees them on the site, edits and deletes them', async ({
  page,
  baseURL,
}) => {
  const title = `Surat Riverfront Ride ${Date.now()}`;
  await signIn(page, baseURL!, 'manager');
  await page.goto('/admin/events?create=1');
  const form = page.getByRole('dialog', { name: 'Create New Event' });
  await form.getByLabel('Event Title').fill(title);
  await form.getByLabel('Category').selectOption('Cycling');
  await form.getByLabel('Status').selectOption('Active');
  await form.getByLabel('Description').fill('A 40 km morning ride along the Tapi.');
  await form.locator('input[type="file"]').setInputFiles({ name: 'ride.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Preview of the event image' })).toBeVisible();
  await form.getByLabel('Date').fill('2030-03-10');
  await form.getByLabel('Time').fill('06:30');
  await form.getByLabel('City').selectOption('Surat');
  await form.getByLabel('Venue').fill('Riverfront Walkway, Surat');
  await form.getByLabel('Max Participants').fill('250');
  await form.getByLabel('Entry Fee (₹)').fill('650');
  await form.getByLabel('Contact Email').fill('ride@suratcyclists.in');
  await form.getByLabel('Contact Phone').fill('98250 11111');
  await form.getByLabel('Highlights').fill('Timing chips\nBreakfast at the finish');
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Event created successfully' })).toBeVisible();
  await page.getByPlaceholder('Search events...').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Surat');
  // Nothing sold yet: none of 250 places taken and no money taken (never an estimate such as 650 × 250 × 0.6).
  await expect(row).toContainText('0 / 250');
  await expect(row).toContainText('₹0');
  await expect(row).not.toContainText('₹97,500');

  // A ticket for it.
  await page.goto('/admin/tickets');
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const ticketForm = page.getByRole('dialog', { name: 'Create New Ticket' });
  await ticketForm.getByLabel('Event').selectOption({ label: title });
  await ticketForm.getByLabel('Ticket Name').fill('Rider');
  await ticketForm.getByLabel('Price (₹)').fill('650');
  await ticketForm.getByLabel('Quantity').fill('200');
  await ticketForm.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Rider has been created successfully' })).toBeVisible();

  // The public site shows the event with its image, and the ticket.
  // Searched for: other journeys add events, so it need not be on All Events' first page.
  await page.goto(`/events?city=all&search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.locator('img[src^="/uploads/"]')).toBeVisible();
  await card.getByRole('link').first().click();
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await expect(page.getByText('Rider', { exact: true })).toBeVisible();

  // Take the ticket off sale: staff set only whether it is on sale; what is sold is counted from
  // the paid attendees (decision 036). Then delete it.
  await page.goto('/admin/tickets');
  await page.getByPlaceholder('Search tickets...').fill(title);
  await page.getByRole('button', { name: 'Edit Rider' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ticket' });
  await expect(edit.getByLabel('Sold Count')).toHaveCount(0);
  await expect(edit).toContainText('Buyers see: Active. 0 sold, counted from paid attendees');
  await edit.getByLabel('Status').selectOption('Upcoming');
  await edit.getByRole('button', { name: 'Update Ticket' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Rider has been updated successfully' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Rider' })).toContainText('Upcoming');
  await page.getByRole('button', { name: 'Delete Rider' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Ticket' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Rider has been removed successfully' })).toBeVisible();

  // Edit the event, then delete it.
  await page.goto('/admin/events');
  await page.getByPlaceholder('Search events...').fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const eventEdit = page.getByRole('dialog', { name: 'Edit Event' });
  await eventEdit.getByLabel('Max Participants').fill('300');
  await eventEdit.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Event updated successfully' })).toBeVisible();
  // The new capacity; still nothing sold and nothing taken.
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('0 / 300');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const deletion = page.getByRole('alertdialog', { name: 'Delete Event' });
  await expect(deletion).toContainText(`Are you sure you want to delete "${title}"?`);
  await deletion.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Event deleted successfully' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('a coordinator sees events and tickets read-only', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'coordinator');
  await page.goto('/admin/events');
  await expect(page.getByRole('heading', { name: 'Events Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^View / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await page.goto('/admin/tickets');
  await expect(page.getByRole('heading', { name: 'Tickets Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Ticket' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show expired tickets' }).click();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});
