// Two organisers side by side (issue 41, decision 051): platform staff create an organisation, its
// admin signs in on a phone and sees its own console (its name in the top bar, none of the first
// organisation's events), adds an event that the first organisation's staff never see, and a
// suspended organisation's event leaves the public list.
import { test, expect } from '../support/console';
import { jsonFrom, ok } from '../support/api-request';
import { signIn, signInThroughForm } from '../support/staff';

test('a new organisation runs its own console beside the first, and leaves the public list when suspended', async ({
  page,
  baseURL,
  browser,
  clientAddress,
}) => {
  const headers = jsonFrom(baseURL!, clientAddress);
  const stamp = Date.now().toString(36);
  const club = { name: 'Koramangala Kickers', slug: `koramangala-kickers-${stamp}` };
  const admin = { fullName: 'Kavya Rao', email: `kavya-${stamp}@kickers.example.in`, password: 'kickers-admin-pass-1' };

  // Platform staff (the e2e admin is a platform admin) create the organisation with its first admin.
  await signIn(page, baseURL!, 'admin');
  const created = await ok<{ organisation: { id: number } }>(
    await page.request.post('/api/platform/organisations', {
      headers,
      data: {
        organisation: {
          displayName: club.name,
          slug: club.slug,
          legalName: 'Koramangala Kickers Sports LLP',
          state: '29',
          pan: 'AAQFK4321M',
          contactEmail: `hello-${stamp}@kickers.example.in`,
          contactPhone: '+91 98450 12345',
        },
        admin,
      },
    }),
    'create the organisation',
  );
  const firstOrganisationEvents = await ok<{ events: { title: string }[] }>(
    await page.request.get('/api/admin/events?pageSize=100', { headers }),
    "the first organisation's events",
  );
  expect(firstOrganisationEvents.events.length).toBeGreaterThan(0);

  // The club's admin signs in on a phone: its name in the top bar, none of the first organisation's events.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const clubPage = await phone.newPage();
  await clubPage.goto(`${baseURL}/admin/events`);
  await signInThroughForm(clubPage, admin);
  await expect(clubPage.getByRole('heading', { level: 1, name: 'Events Management' })).toBeVisible();
  await expect(clubPage.getByRole('banner').getByText(club.name)).toBeVisible();
  for (const { title } of firstOrganisationEvents.events.slice(0, 5)) {
    await expect(clubPage.getByText(title, { exact: true })).toHaveCount(0);
  }
  await clubPage.screenshot({ path: test.info().outputPath('club-console-360.png'), fullPage: true });

  // The club adds an event; the first organisation's staff never see it.
  const clubHeaders = jsonFrom(baseURL!, clientAddress);
  const madeEvent = await ok<{ event: { id: number } }>(
    await clubPage.request.post('/api/admin/events', {
      headers: clubHeaders,
      data: {
        title: `Kickers Sunday League ${stamp}`,
        description: 'Seven-a-side football every Sunday morning.',
        category: 'Football',
        date: '2030-06-02',
        time: '07:00',
        city: 'Bangalore',
        venue: 'Koramangala Indoor Stadium, Bangalore',
        maxParticipants: 140,
        price: 250,
        organizer: club.name,
        contactEmail: `hello-${stamp}@kickers.example.in`,
        contactPhone: '98450 12345',
        status: 'Active',
        imageUrl: null,
        highlights: [],
        rules: [],
        regulations: [],
      },
    }),
    "the club's event",
  );
  await clubPage.reload();
  await expect(clubPage.getByText(`Kickers Sunday League ${stamp}`).first()).toBeVisible();
  const seenByFirst = await ok<{ events: { title: string }[] }>(
    await page.request.get(`/api/admin/events?pageSize=100&search=${encodeURIComponent('Kickers Sunday')}`, { headers }),
    "the first organisation's search",
  );
  expect(seenByFirst.events.map((e) => e.title)).not.toContain(`Kickers Sunday League ${stamp}`);
  const asked = await page.request.get(`/api/admin/events/${madeEvent.event.id}`, { headers });
  expect(asked.status()).toBe(404);

  // On sale to the public while the club is approved; gone from the list once it is suspended.
  const publicTitles = async () =>
    ((await (await page.request.get('/api/events?limit=48&q=Kickers')).json()) as { events: { title: string }[] }).events.map(
      (e) => e.title,
    );
  expect(await publicTitles()).toContain(`Kickers Sunday League ${stamp}`);
  await ok(
    await page.request.post(`/api/platform/organisations/${created.organisation.id}/suspend`, {
      headers,
      data: { reason: 'Documents under review' },
    }),
    'suspend the club',
  );
  expect(await publicTitles()).not.toContain(`Kickers Sunday League ${stamp}`);
  await phone.close();
});
