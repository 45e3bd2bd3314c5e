import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aStaffUser, aTicket, anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { DEFAULT_EVENT_NOTES, DEFAULT_FIELD_MODES, type EventQuestion, type SportEvent } from '@tdk/api/contract';
import { EventFormDialog } from './event-form-dialog';

const clubName: EventQuestion = {
  id: 'club01',
  kind: 'shortText',
  label: 'Club name',
  helpText: '',
  required: false,
  options: [],
  waiverText: '',
  ticketIds: [],
};
const tenK = aTicket({ id: 21, eventId: 3, name: '10K' });
const halfMarathon = aTicket({ id: 22, eventId: 3, name: 'Half Marathon' });

function renderForm(event?: SportEvent) {
  return renderWithPlatform(<EventFormDialog open event={event} onClose={vi.fn()} />, {
    session: aStaffUser({ role: 'manager' }),
    api: {
      'GET /api/admin/tickets': ({ query }: StubbedRequest) => {
        const tickets = query.get('eventId') === '3' ? [tenK, halfMarathon] : [];
        return { tickets, total: tickets.length, page: 1, pageSize: 100 };
      },
      'PUT /api/admin/events/:id': ({ body }: StubbedRequest) => ({ event: { ...event, ...(body as object) } }),
      'POST /api/admin/events': ({ body }: StubbedRequest) => ({ event: { ...anEvent(), ...(body as object) } }),
    },
  });
}

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });

/** Adds a question of `kind` with its text; returns its group. */
function addQuestion(n: number, kind: string, label: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
  const group = question(n);
  fireEvent.change(within(group).getByLabelText('Kind of answer'), { target: { value: kind } });
  fireEvent.change(within(group).getByLabelText(/^Question/), { target: { value: label } });
  return group;
}

describe('the event form: registration form', () => {
  it('sends a question of each kind with its choices and ticket types, keeps a stored id, and the built-in fields', async () => {
    const event = anEvent({ id: 3, title: 'Pune Hill Run', category: 'Running', questions: [clubName] });
    const { api } = renderForm(event);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });

    // The built-in fields start at the event's modes; staff require the T-shirt and hide experience.
    const fields = within(dialog).getByRole('group', { name: 'Fields every attendee is asked' });
    expect((within(fields).getByLabelText('Emergency contact') as HTMLSelectElement).value).toBe('required');
    fireEvent.change(within(fields).getByLabelText('T-shirt size'), { target: { value: 'required' } });
    fireEvent.change(within(fields).getByLabelText('Experience'), { target: { value: 'hidden' } });

    // The stored question, edited.
    fireEvent.change(within(question(1)).getByLabelText(/^Question/), { target: { value: 'Running club' } });

    addQuestion(2, 'longText', 'Anything we should know?');
    fireEvent.change(within(question(2)).getByLabelText('Help text (optional)'), { target: { value: 'Optional' } });
    addQuestion(3, 'number', 'Best 10K time in minutes');
    fireEvent.click(within(question(3)).getByLabelText('Required'));
    addQuestion(4, 'date', 'Date of your last race');

    const pace = addQuestion(5, 'singleChoice', 'Pace group');
    fireEvent.change(within(pace).getByLabelText('Choice 1'), { target: { value: '5:00/km' } });
    fireEvent.change(within(pace).getByLabelText('Choice 2'), { target: { value: '6:00/km' } });
    fireEvent.click(within(pace).getByRole('button', { name: 'Add choice' }));
    fireEvent.change(within(pace).getByLabelText('Choice 3'), { target: { value: '7:00/km' } });
    // Asked of the half marathon only: this event's ticket types are offered.
    fireEvent.click(within(pace).getByLabelText('Chosen ticket types'));
    fireEvent.click(await within(pace).findByLabelText('Half Marathon'));

    const food = addQuestion(6, 'multipleChoice', 'Food after the race');
    fireEvent.change(within(food).getByLabelText('Choice 1'), { target: { value: 'Poha' } });
    fireEvent.change(within(food).getByLabelText('Choice 2'), { target: { value: 'Upma' } });
    fireEvent.click(within(food).getByLabelText('Chosen ticket types'));
    fireEvent.click(within(food).getByLabelText('10K'));
    fireEvent.click(within(food).getByLabelText('Half Marathon'));

    const waiver = addQuestion(7, 'yesNo', 'Waiver');
    fireEvent.change(within(waiver).getByLabelText('Waiver text (optional)'), {
      target: { value: 'I take part at my own risk.' },
    });
    fireEvent.click(within(waiver).getByLabelText('Required'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    const body = api.calls('PUT /api/admin/events/:id')[0]!.body as Record<string, unknown>;
    expect(body.participantFields).toEqual({ ...DEFAULT_FIELD_MODES, tshirtSize: 'required', experience: 'hidden' });
    const none = { helpText: '', required: false, options: [], waiverText: '', ticketIds: [] };
    expect(body.questions).toEqual([
      { ...none, id: 'club01', kind: 'shortText', label: 'Running club' },
      { ...none, kind: 'longText', label: 'Anything we should know?', helpText: 'Optional' },
      { ...none, kind: 'number', label: 'Best 10K time in minutes', required: true },
      { ...none, kind: 'date', label: 'Date of your last race' },
      { ...none, kind: 'singleChoice', label: 'Pace group', options: ['5:00/km', '6:00/km', '7:00/km'], ticketIds: [22] },
      { ...none, kind: 'multipleChoice', label: 'Food after the race', options: ['Poha', 'Upma'], ticketIds: [21, 22] },
      { ...none, kind: 'yesNo', label: 'Waiver', required: true, waiverText: 'I take part at my own risk.' },
    ]);
    // Only the stored question has an id; the API gives the new ones theirs.
    expect((body.questions as { id?: string }[]).filter((q) => q.id !== undefined)).toHaveLength(1);
    expect(api.calls('GET /api/admin/tickets')[0]!.query.get('showExpired')).toBe('true');
  });

  it('moves and removes questions, each keeping its id', async () => {
    const second = { ...clubName, id: 'size02', label: 'Shoe size', kind: 'number' as const };
    const { api } = renderForm(anEvent({ id: 3, category: 'Running', questions: [clubName, second] }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(question(1)).getByRole('button', { name: 'Move up question 1' })).toHaveProperty('disabled', true);
    fireEvent.click(within(question(2)).getByRole('button', { name: 'Move up question 2' }));
    expect((within(question(1)).getByLabelText(/^Question/) as HTMLInputElement).value).toBe('Shoe size');
    // Focus stays with the moved question, on the button it can still use.
    expect(document.activeElement).toBe(within(question(1)).getByRole('button', { name: 'Move down question 1' }));
    fireEvent.click(within(question(2)).getByRole('button', { name: 'Remove question 2' }));
    expect(screen.queryByRole('group', { name: 'Question 2' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    const body = api.calls('PUT /api/admin/events/:id')[0]!.body as { questions: EventQuestion[] };
    expect(body.questions.map((q) => [q.id, q.label])).toEqual([['size02', 'Shoe size']]);
  });

  it('asks for at least two choices on the question itself, and sends nothing', async () => {
    const { api } = renderForm();
    await screen.findByRole('dialog', { name: 'Create New Event' });
    const pace = addQuestion(1, 'singleChoice', 'Pace group');
    expect(within(pace).getByText(/^All ticket types/)).toBeTruthy();
    fireEvent.change(within(pace).getByLabelText('Choice 1'), { target: { value: '5:00/km' } });
    fireEvent.click(within(pace).getByRole('button', { name: 'Remove choice 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await within(pace).findByText('Give at least two choices')).toBeTruthy();
    expect(within(pace).queryByText('Question is required')).toBeNull();
    expect(api.calls('POST /api/admin/events')).toHaveLength(0);
    expect(api.calls('GET /api/admin/tickets')).toHaveLength(0);
    // A second choice clears it.
    fireEvent.click(within(pace).getByRole('button', { name: 'Add choice' }));
    fireEvent.change(within(pace).getByLabelText('Choice 2'), { target: { value: '6:00/km' } });
    await waitFor(() => expect(within(pace).queryByText('Give at least two choices')).toBeNull());
  });

  it('puts a missing question text on that question', async () => {
    renderForm(anEvent({ id: 3, category: 'Running', questions: [clubName] }));
    await screen.findByRole('dialog', { name: 'Edit Event' });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await within(question(2)).findByText('Question is required')).toBeTruthy();
    expect(within(question(1)).queryByText('Question is required')).toBeNull();
  });

  it('takes up to 30 questions', async () => {
    const thirty = Array.from({ length: 30 }, (_, i) => ({ ...clubName, id: `q${i}`, label: `Question text ${i}` }));
    renderForm(anEvent({ id: 3, category: 'Running', questions: thirty }));
    await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(screen.getByRole('button', { name: 'Add question' })).toHaveProperty('disabled', true);
    expect(screen.getByText('An event can ask up to 30 questions.')).toBeTruthy();
  });
});

describe('the event form: city', () => {
  it.each(['Thane', 'Gurugram', 'Noida', 'Kochi', 'Online'])(
    'keeps an event held in %s in its city when edited',
    async (city) => {
      const venue = city === 'Online' ? 'Online' : `Town Hall, ${city}`;
      const event = anEvent({ id: 3, title: `${city} Open`, location: city, venue });
      const { api } = renderForm(event);
      const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
      expect((within(dialog).getByLabelText(/^City/) as HTMLSelectElement).value).toBe(city);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
      await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
      expect((api.calls('PUT /api/admin/events/:id')[0].body as { city: string }).city).toBe(city);
    },
  );
});

describe('the event form: waiting-list offers', () => {
  it('shows and sends how long an offer holds freed seats, and refuses more than a week', async () => {
    const { api } = renderForm(anEvent({ id: 3, title: 'Pune Hill Run', status: 'Active', offerHours: 12 }));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByLabelText(/Waiting-list offer hours/) as HTMLInputElement;
    expect(hours.value).toBe('12');
    fireEvent.change(hours, { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(dialog).findByText('Offer hours must be at most 168 (a week)')).toBeTruthy();
    expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(0);
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    expect((api.calls('PUT /api/admin/events/:id')[0]!.body as { offerHours: number }).offerHours).toBe(48);
  });
});

describe('the event form: GST', () => {
  it("shows the event's GST settings and sends the exemption and the place of supply staff choose", async () => {
    const { api } = renderForm(
      anEvent({ id: 3, title: 'Pune Hill Run', status: 'Active', recognisedSport: false, gstState: null }),
    );
    const dialog = await screen.findByRole('dialog');
    const sport = within(dialog).getByRole('switch', { name: 'Recognised sporting event' });
    expect(sport.getAttribute('aria-checked')).toBe('false');
    const state = within(dialog).getByLabelText(/GST state/) as HTMLSelectElement;
    expect(state.value).toBe('');
    fireEvent.click(sport);
    fireEvent.change(state, { target: { value: '29' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/events/:id')[0]!.body).toMatchObject({ recognisedSport: true, gstState: '29' });
  });

  it("sends null for the organiser's own state", async () => {
    const { api } = renderForm(
      anEvent({ id: 3, title: 'Pune Hill Run', status: 'Active', recognisedSport: true, gstState: '27' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'Recognised sporting event' }).getAttribute('aria-checked')).toBe('true');
    const state = within(dialog).getByLabelText(/GST state/) as HTMLSelectElement;
    expect(state.value).toBe('27');
    fireEvent.change(state, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/events/:id')[0]!.body).toMatchObject({ recognisedSport: true, gstState: null });
  });
});

describe('the event form: after the sale', () => {
  it('starts with nothing allowed, and sends the cancellation, transfer and change rules staff switch on', async () => {
    const event = anEvent({ id: 3, title: 'Pune Hill Run', category: 'Running' });
    const { api } = renderForm(event);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const section = within(dialog).getByRole('group', { name: 'After the sale' });
    for (const name of [
      'Buyers may cancel',
      'Buyers may transfer a ticket to another person',
      "Buyers may change an attendee's details",
    ]) {
      expect(within(section).getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
    }
    fireEvent.click(within(section).getByRole('switch', { name: 'Buyers may cancel' }));
    fireEvent.change(within(section).getByLabelText(/Until \(days before the event\)/), { target: { value: '5' } });
    fireEvent.change(within(section).getByLabelText(/Cancellation fee/), { target: { value: '15' } });
    fireEvent.click(within(section).getByRole('switch', { name: 'Buyers may transfer a ticket to another person' }));
    fireEvent.change(within(section).getByLabelText(/Transfers until/), { target: { value: '48' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    expect((api.calls('PUT /api/admin/events/:id')[0]!.body as { selfService: unknown }).selfService).toEqual({
      cancel: { daysBefore: 5, feePercent: 15 },
      transfer: { hoursBefore: 48 },
      changeDetails: null,
      raceChange: null,
    });
  });

  it('sends the race-change policy (decision 071) with its deadline and the fee in paise, and refuses it without a deadline', async () => {
    const { api } = renderForm(anEvent({ id: 3, title: 'Pune Hill Run', category: 'Running' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const section = within(dialog).getByRole('group', { name: 'After the sale' });
    fireEvent.click(within(section).getByRole('switch', { name: 'Participants may change race or defer' }));
    fireEvent.click(within(section).getByRole('switch', { name: 'Defer to the next edition' }));
    fireEvent.change(within(section).getByLabelText(/Fee per change/), { target: { value: '99.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(section).findByText('Race changes until must be a date and time')).toBeTruthy();
    expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(0);
    fireEvent.change(within(section).getByLabelText(/Race changes until/), { target: { value: '2030-01-10T18:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    expect(
      (api.calls('PUT /api/admin/events/:id')[0]!.body as { selfService: { raceChange: unknown } }).selfService.raceChange,
    ).toEqual({
      swap: true,
      defer: false,
      until: '2030-01-10T18:00',
      feePaise: 9_950,
    });
  });

  it('refuses a fee over 100% on its field, sending nothing', async () => {
    const { api } = renderForm(
      anEvent({ id: 3, selfService: { cancel: { daysBefore: 2, feePercent: 10 }, transfer: null, changeDetails: null } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const section = within(dialog).getByRole('group', { name: 'After the sale' });
    expect(within(section).getByRole('switch', { name: 'Buyers may cancel' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(within(section).getByLabelText(/Cancellation fee/), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(section).findByText('Cancellation fee must be at most 100')).toBeTruthy();
    expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(0);
  });
});

describe('the event form: notes for attendees', () => {
  it("starts from the platform's notes and sends the event's own as staff change them", async () => {
    const event = anEvent({
      id: 3,
      title: 'Pune Hill Run',
      notes: { arrivalNote: 'Report at the start pen by 5:15 am.', idNote: null, online: false },
    });
    const { api } = renderForm(event);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    const arrival = within(dialog).getByLabelText('Arrival note') as HTMLTextAreaElement;
    const id = within(dialog).getByLabelText('ID note') as HTMLTextAreaElement;
    expect(arrival.value).toBe('Report at the start pen by 5:15 am.');
    // Kept at the default (null), the form shows the default's words.
    expect(id.value).toBe(DEFAULT_EVENT_NOTES.en.id);
    fireEvent.change(arrival, { target: { value: 'Gates open 45 minutes before the start.' } });
    fireEvent.change(id, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/events/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/events/:id')[0]!.body).toMatchObject({
      arrivalNote: 'Gates open 45 minutes before the start.',
      idNote: '',
    });
  });

  it("an online event's form asks for no ID", async () => {
    renderForm(anEvent({ id: 3, location: 'Online', venue: 'Online', notes: { arrivalNote: null, idNote: null, online: true } }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect((within(dialog).getByLabelText('Arrival note') as HTMLTextAreaElement).value).toBe(
      DEFAULT_EVENT_NOTES.en.onlineArrival,
    );
    expect((within(dialog).getByLabelText('ID note') as HTMLTextAreaElement).value).toBe('');
  });
});

describe('the event form of an organisation awaiting approval (decision 052)', () => {
  it('says on Status why publishing waits; an approved organisation is not told', async () => {
    const { unmount } = renderWithPlatform(<EventFormDialog open onClose={vi.fn()} />, {
      session: aStaffUser({ role: 'admin' }),
      organisation: { id: 9, slug: 'sinhagad-striders', displayName: 'Sinhagad Striders', status: 'applied' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect(
      within(dialog).getByText(
        'Your organisation awaits the platform’s approval: save events as Draft, and publish them once it is approved.',
      ),
    ).toBeTruthy();
    unmount();

    renderWithPlatform(<EventFormDialog open onClose={vi.fn()} />, {
      session: aStaffUser({ role: 'admin' }),
      organisation: { id: 1, slug: 'mumbai-road-runners', displayName: 'Mumbai Road Runners', status: 'approved' },
    });
    const approved = await screen.findByRole('dialog', { name: 'Create New Event' });
    expect(within(approved).getByLabelText('Status')).toBeTruthy();
    expect(within(approved).queryByText(/awaits the platform’s approval/)).toBeNull();
  });
});
