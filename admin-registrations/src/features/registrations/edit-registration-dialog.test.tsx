import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventQuestion, Registration, RegistrationPage } from '@tdk/api/contract';
import {
  aRegistration,
  aStaffUser,
  anEvent,
  errorResponse,
  renderWithPlatform,
  type StubbedRequest,
  type StubRoutes,
} from '@tdk/shared-ui/testing';
import { RegistrationManagementPage } from './registration-management-page';

const question = (change: Partial<EventQuestion> & Pick<EventQuestion, 'id' | 'kind' | 'label'>): EventQuestion => ({
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
  ...change,
});
/** One question of each kind, and one asked of another ticket type only. */
const QUESTIONS: EventQuestion[] = [
  question({ id: 'club', kind: 'shortText', label: 'Running club', required: true, helpText: 'As on your club card' }),
  question({ id: 'story', kind: 'longText', label: 'Why do you run?' }),
  question({ id: '20240101', kind: 'number', label: 'Target pace (min/km)' }),
  question({ id: 'started', kind: 'date', label: 'Running since' }),
  question({ id: 'tshirt', kind: 'singleChoice', label: 'Finisher T-shirt', options: ['S', 'M', 'L'] }),
  question({ id: 'meals', kind: 'multipleChoice', label: 'Meal preferences', options: ['Vegetarian', 'Vegan', 'No nuts'] }),
  question({
    id: 'waiver',
    kind: 'yesNo',
    label: 'I accept the waiver',
    required: true,
    waiverText: 'I take part at my own risk and am fit to run 21 km.',
  }),
  question({ id: 'guardian', kind: 'shortText', label: "Guardian's name", ticketIds: [2] }),
];
const attendee: Registration = aRegistration({
  id: 71,
  registrationNumber: 'REGHALF0001',
  bookingReference: 'REGHALF00',
  eventId: 4,
  ticketId: 1,
  ticketName: 'Half Marathon 21K',
  bib: 1004,
  answers: {
    club: 'Pune Striders',
    story: 'For the chai at the finish',
    20240101: 5.5,
    started: '2019-06-01',
    tshirt: 'M',
    meals: ['Vegetarian', 'No nuts'],
    waiver: true,
  },
});
const page = (registrations: Registration[]): RegistrationPage => ({
  registrations,
  total: registrations.length,
  page: 1,
  pageSize: 25,
});

function renderConsole(routes: StubRoutes = {}) {
  return renderWithPlatform(<RegistrationManagementPage />, {
    // The full edit is a manager's (decision 047).
    session: aStaffUser({ role: 'manager' }),
    route: '/admin/registrations',
    api: {
      'GET /api/admin/registrations': page([attendee]),
      'GET /api/admin/registrations/stats': {
        totalRegistrations: 1,
        confirmedRegistrations: 1,
        pendingRegistrations: 0,
        cancelledRegistrations: 0,
        checkedInRegistrations: 0,
        paidRegistrations: 1,
        totalRevenue: 799,
      },
      'GET /api/admin/events/options': { events: [] },
      'GET /api/admin/events/:id': { event: anEvent({ id: 4, questions: QUESTIONS }) },
      'PUT /api/admin/registrations/:id': ({ body }: StubbedRequest) => ({ registration: { ...attendee, ...(body as object) } }),
      ...routes,
    },
  });
}

/** Opens the attendee's edit dialog, once the event's questions are in it. */
async function openEdit() {
  const trigger = await screen.findByRole('button', { name: 'Actions for REGHALF0001' });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Registration' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Registration' });
  await within(dialog).findByRole('textbox', { name: /^Running club/ });
  return dialog;
}

const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

/** The error a control shows: the text its aria-describedby points at, when it is marked invalid. */
function errorOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

describe('editing an attendee: bib and the event questions', () => {
  it("shows each of the event's questions asked of the attendee's ticket type, filled in from their answers", async () => {
    const { api } = renderConsole();
    const dialog = await openEdit();
    // (The pattern matches /api/admin/events/options too.)
    expect(api.calls('GET /api/admin/events/:id').map((call) => call.path)).toContain('/api/admin/events/4');

    const club = within(dialog).getByRole('textbox', { name: /^Running club/ }) as HTMLInputElement;
    expect(club.value).toBe('Pune Striders');
    expect(within(dialog).getByText('As on your club card')).toBeTruthy();
    const story = within(dialog).getByRole('textbox', { name: 'Why do you run?' }) as HTMLTextAreaElement;
    expect(story.tagName).toBe('TEXTAREA');
    expect(story.value).toBe('For the chai at the finish');
    const pace = within(dialog).getByRole('spinbutton', { name: 'Target pace (min/km)' }) as HTMLInputElement;
    expect(pace.value).toBe('5.5');
    const started = within(dialog).getByLabelText('Running since') as HTMLInputElement;
    expect([started.type, started.value]).toEqual(['date', '2019-06-01']);
    const tshirt = within(dialog).getByRole('combobox', { name: 'Finisher T-shirt' }) as HTMLSelectElement;
    expect(tshirt.value).toBe('M');
    const meals = within(dialog).getByRole('group', { name: 'Meal preferences' });
    expect(
      within(meals)
        .getAllByRole('checkbox')
        .map((box) => [box.getAttribute('value'), (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Vegetarian', true],
      ['Vegan', false],
      ['No nuts', true],
    ]);
    expect(within(dialog).getByText('I take part at my own risk and am fit to run 21 km.')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: 'I accept the waiver' }) as HTMLInputElement).checked).toBe(true);
    // Asked of another ticket type only.
    expect(within(dialog).queryByText("Guardian's name")).toBeNull();
    expect((within(dialog).getByRole('spinbutton', { name: 'Bib' }) as HTMLInputElement).value).toBe('1004');
  });

  it('refuses a missing required answer on its question, then sends the answers and the bib', async () => {
    const { api } = renderConsole();
    const dialog = await openEdit();
    const club = within(dialog).getByRole('textbox', { name: /^Running club/ });
    const waiver = within(dialog).getByRole('checkbox', { name: 'I accept the waiver' });
    fireEvent.change(club, { target: { value: '  ' } });
    fireEvent.click(waiver);
    save(dialog);
    await waitFor(() => expect(errorOf(club)).toBe('Please answer this question'));
    expect(errorOf(waiver)).toBe('Please accept the waiver to continue');
    // The other questions are fine.
    expect(errorOf(within(dialog).getByRole('textbox', { name: 'Why do you run?' }))).toBeNull();
    expect(api.calls('PUT /api/admin/registrations/:id')).toHaveLength(0);

    fireEvent.change(club, { target: { value: 'Kalyani Runners' } });
    fireEvent.click(waiver);
    await waitFor(() => expect(errorOf(club)).toBeNull());
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Why do you run?' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Target pace (min/km)' }), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Finisher T-shirt' }), { target: { value: 'L' } });
    const meals = within(dialog).getByRole('group', { name: 'Meal preferences' });
    fireEvent.click(within(meals).getByRole('checkbox', { name: 'Vegetarian' }));
    fireEvent.click(within(meals).getByRole('checkbox', { name: 'Vegan' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Bib' }), { target: { value: '1010' } });
    save(dialog);
    expect(await screen.findByText('Registration details have been successfully updated.')).toBeTruthy();
    const [put] = api.calls('PUT /api/admin/registrations/:id');
    expect(put!.path).toBe('/api/admin/registrations/71');
    expect(put!.body).toMatchObject({
      bib: 1010,
      answers: {
        club: 'Kalyani Runners',
        20240101: 6,
        started: '2019-06-01',
        tshirt: 'L',
        meals: ['Vegan', 'No nuts'],
        waiver: true,
      },
    });
    // An emptied answer is left out (unanswered); nothing is sent for a question this ticket is not asked.
    expect(Object.keys((put!.body as { answers: object }).answers).sort()).toEqual(
      ['20240101', 'club', 'meals', 'started', 'tshirt', 'waiver'].sort(),
    );
  });

  it('shows a bib another attendee holds on the bib field, and an emptied bib is sent as none', async () => {
    let taken = true;
    const { api } = renderConsole({
      'PUT /api/admin/registrations/:id': ({ body }: StubbedRequest) =>
        taken
          ? errorResponse(409, 'conflict', "Bib 1005 is already Asha Rao's", { bib: "Bib 1005 is already Asha Rao's" })
          : { registration: { ...attendee, ...(body as object) } },
    });
    const dialog = await openEdit();
    const bib = within(dialog).getByRole('spinbutton', { name: 'Bib' });
    fireEvent.change(bib, { target: { value: '1005' } });
    save(dialog);
    await waitFor(() => expect(errorOf(bib)).toBe("Bib 1005 is already Asha Rao's"));
    expect(api.calls('PUT /api/admin/registrations/:id')[0]!.body).toMatchObject({ bib: 1005 });
    expect(screen.queryByText('Failed to update registration')).toBeNull();

    taken = false;
    fireEvent.change(bib, { target: { value: '' } });
    save(dialog);
    expect(await screen.findByText('Registration details have been successfully updated.')).toBeTruthy();
    expect(api.calls('PUT /api/admin/registrations/:id')[1]!.body).toMatchObject({ bib: null });
  });

  it('shows the 409 for a taken bib on the bib field when the API names no field', async () => {
    renderConsole({
      'PUT /api/admin/registrations/:id': () => errorResponse(409, 'conflict', "Bib 1005 is already Asha Rao's"),
    });
    const dialog = await openEdit();
    const bib = within(dialog).getByRole('spinbutton', { name: 'Bib' });
    fireEvent.change(bib, { target: { value: '1005' } });
    save(dialog);
    await waitFor(() => expect(errorOf(bib)).toBe("Bib 1005 is already Asha Rao's"));
  });

  it("puts the API's message for an answer on its question", async () => {
    renderConsole({
      'PUT /api/admin/registrations/:id': () =>
        errorResponse(400, 'validation_error', 'Please choose one of the options', {
          'answers.tshirt': 'Please choose one of the options',
        }),
    });
    const dialog = await openEdit();
    save(dialog);
    const tshirt = within(dialog).getByRole('combobox', { name: 'Finisher T-shirt' });
    await waitFor(() => expect(errorOf(tshirt)).toBe('Please choose one of the options'));
  });

  it("leaves the answers as they are when the event's questions cannot be loaded", async () => {
    const { api } = renderConsole({
      'GET /api/admin/events/:id': () => errorResponse(500, 'internal_error', 'boom'),
    });
    const trigger = await screen.findByRole('button', { name: 'Actions for REGHALF0001' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Registration' });
    expect(await within(dialog).findByText(/questions could not be loaded/)).toBeTruthy();
    save(dialog);
    await waitFor(() => expect(api.calls('PUT /api/admin/registrations/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/registrations/:id')[0]!.body).not.toHaveProperty('answers');
    expect(api.calls('PUT /api/admin/registrations/:id')[0]!.body).toMatchObject({ bib: 1004 });
  });
});
