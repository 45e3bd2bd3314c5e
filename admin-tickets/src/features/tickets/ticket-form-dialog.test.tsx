import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  aStaffUser,
  aTicket,
  errorResponse,
  renderWithPlatform,
  type StubbedRequest,
  type StubRoutes,
} from '@tdk/shared-ui/testing';
import type { Ticket } from '@tdk/api/contract';
import { TicketFormDialog } from './ticket-form-dialog';

function renderForm(ticket?: Ticket, routes: StubRoutes = {}) {
  const { api } = renderWithPlatform(<TicketFormDialog open ticket={ticket} onClose={vi.fn()} />, {
    session: aStaffUser({ role: 'manager' }),
    api: {
      'GET /api/admin/events/options': { events: [{ id: 1, title: 'Pune Hill Run', date: '2027-01-20', status: 'Active' }] },
      'POST /api/admin/tickets': ({ body }: StubbedRequest) => ({ ticket: aTicket(body as Partial<Ticket>) }),
      'PUT /api/admin/tickets/:id': ({ body }: StubbedRequest) => ({ ticket: aTicket(body as Partial<Ticket>) }),
      ...routes,
    },
  });
  return { api };
}

const input = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(input(dialog, label), { target: { value } });

/** The error message tied to a control (its aria-describedby), as a screen reader reads it. */
function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.filter((id) => id.endsWith('-error')).map((id) => document.getElementById(id));
  return error[0]?.textContent ?? null;
}

/** A new ticket with the required fields filled in. */
async function newTicket() {
  const dialog = await screen.findByRole('dialog', { name: 'Create New Ticket' });
  await within(dialog).findByRole('option', { name: 'Pune Hill Run' });
  type(dialog, /^Event/, '1');
  type(dialog, /Ticket Name/, 'Women 18+ relay');
  type(dialog, /^Price/, '2000');
  type(dialog, /Quantity/, '100');
  return dialog;
}

describe('the ticket form: categories, teams and bibs', () => {
  it('sends the ages, the gender, the team and the bibs', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    type(dialog, 'Minimum age', '18');
    type(dialog, 'Maximum age', '35');
    type(dialog, 'Category gender', 'female');
    expect(within(dialog).queryByLabelText('Minimum members')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Team entry'));
    type(dialog, 'Minimum members', '4');
    type(dialog, 'Maximum members', '4');
    fireEvent.click(within(dialog).getByLabelText('Per team'));
    fireEvent.click(within(dialog).getByLabelText('Bibs'));
    type(dialog, 'First bib', '1001');
    type(dialog, 'Last bib', '1100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({
      eventId: 1,
      quantity: 100,
      minAge: 18,
      maxAge: 35,
      gender: 'female',
      teamMin: 4,
      teamMax: 4,
      teamPricing: 'team',
      bibFrom: 1001,
      bibTo: 1100,
    });
  });

  it("starts a new type from the spec's three inclusions and sends what staff write instead", async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    const included = within(dialog).getByLabelText("What's included") as HTMLTextAreaElement;
    expect(included.value).toBe('Event access\nOfficial merchandise\nCertificate');
    fireEvent.change(included, { target: { value: 'Timing chip\n\nFinisher medal' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({ inclusions: ['Timing chip', 'Finisher medal'] });
  });

  it("shows a stored type's own inclusions when editing", async () => {
    renderForm(aTicket({ id: 5, eventId: 1, inclusions: ['Pacer support'] }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect((within(dialog).getByLabelText("What's included") as HTMLTextAreaElement).value).toBe('Pacer support');
  });

  it('sends null for what is left empty', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    expect(input(dialog, 'Category gender').value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({
      minAge: null,
      maxAge: null,
      gender: null,
      teamMin: null,
      teamMax: null,
      teamPricing: 'member',
      bibFrom: null,
      bibTo: null,
    });
  });

  it('shows a team and bibs when editing, and unticking them sends null', async () => {
    const relay = aTicket({
      id: 9,
      eventId: 1,
      minAge: 18,
      gender: 'male',
      teamMin: 4,
      teamMax: 6,
      teamPricing: 'team',
      bibFrom: 1001,
      bibTo: 2999,
      quantity: 400,
    });
    const { api } = renderForm(relay);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect(input(dialog, 'Minimum age').value).toBe('18');
    expect(input(dialog, 'Category gender').value).toBe('male');
    expect(input(dialog, 'Team entry').checked).toBe(true);
    expect(input(dialog, 'Maximum members').value).toBe('6');
    expect(input(dialog, 'Per team').checked).toBe(true);
    expect(input(dialog, 'Last bib').value).toBe('2999');
    type(dialog, 'Minimum age', '');
    fireEvent.click(within(dialog).getByLabelText('Team entry'));
    fireEvent.click(within(dialog).getByLabelText('Bibs'));
    expect(within(dialog).queryByLabelText('First bib')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Ticket' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/tickets/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/tickets/:id')[0]!.body).toMatchObject({
      minAge: null,
      gender: 'male',
      teamMin: null,
      teamMax: null,
      teamPricing: 'member',
      bibFrom: null,
      bibTo: null,
    });
  });

  it('refuses more tickets than bibs, on the quantity, and sends nothing', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    type(dialog, /Quantity/, '50');
    fireEvent.click(within(dialog).getByLabelText('Bibs'));
    type(dialog, 'First bib', '1001');
    type(dialog, 'Last bib', '1010');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    const message = 'Bibs 1001–1010 number 10 attendees: the quantity must be at most that';
    await waitFor(() => expect(errorOf(input(dialog, /Quantity/))).toBe(message));
    expect(errorOf(input(dialog, 'First bib'))).toBeNull();
    expect(api.calls('POST /api/admin/tickets')).toHaveLength(0);
  });

  it("puts the contract's rules on their fields", async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    type(dialog, 'Minimum age', '40');
    type(dialog, 'Maximum age', '18');
    fireEvent.click(within(dialog).getByLabelText('Team entry'));
    type(dialog, 'Minimum members', '4');
    fireEvent.click(within(dialog).getByLabelText('Bibs'));
    type(dialog, 'First bib', '500');
    type(dialog, 'Last bib', '100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(errorOf(input(dialog, 'Maximum age'))).toBe('Maximum age cannot be below the minimum age'));
    expect(errorOf(input(dialog, 'Maximum members'))).toBe('Give both the minimum and maximum team size, or neither');
    expect(errorOf(input(dialog, 'Last bib'))).toBe('The last bib cannot be below the first');
    expect(errorOf(input(dialog, 'Minimum members'))).toBeNull();
    expect(api.calls('POST /api/admin/tickets')).toHaveLength(0);
  });

  it("shows the API's overlapping bib range on the first bib", async () => {
    const overlap = 'Bibs 1001–1100 overlap those of 10K (1050–1200)';
    renderForm(undefined, {
      'POST /api/admin/tickets': () => errorResponse(409, 'conflict', overlap, { bibFrom: overlap }),
    });
    const dialog = await newTicket();
    fireEvent.click(within(dialog).getByLabelText('Bibs'));
    type(dialog, 'First bib', '1001');
    type(dialog, 'Last bib', '1100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(errorOf(input(dialog, 'First bib'))).toBe(overlap));
    expect(input(dialog, 'First bib').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the ticket form: maximum per order (decision 027)', () => {
  it('starts a new type at 10 per order and sends what staff set', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    expect(input(dialog, 'Maximum per order').value).toBe('10');
    type(dialog, 'Maximum per order', '4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({ maxPerOrder: 4 });
  });

  it("shows a stored type's own maximum, and refuses more than an order's attendees", async () => {
    const { api } = renderForm(aTicket({ id: 9, eventId: 1, maxPerOrder: 6 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect(input(dialog, 'Maximum per order').value).toBe('6');
    type(dialog, 'Maximum per order', '26');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Ticket' }));
    await waitFor(() => expect(errorOf(input(dialog, 'Maximum per order'))).toBe('Maximum per order must be at most 25'));
    expect(api.calls('PUT /api/admin/tickets/:id')).toHaveLength(0);
  });
});

describe('the ticket form: GST rate (decision 031)', () => {
  it('starts a new type at 18 % and sends the rate staff choose', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    const rate = within(dialog).getByLabelText(/^GST rate/) as HTMLSelectElement;
    expect(rate.value).toBe('18');
    expect(Array.from(rate.options).map((o) => o.textContent)).toEqual(['0 %', '5 %', '18 %', '40 %']);
    fireEvent.change(rate, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({ gstRate: 5 });
  });

  it("shows a stored type's own rate and sends it back unchanged", async () => {
    const { api } = renderForm(aTicket({ id: 9, eventId: 1, gstRate: 40 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect((within(dialog).getByLabelText(/^GST rate/) as HTMLSelectElement).value).toBe('40');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Ticket' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/tickets/:id')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/tickets/:id')[0]!.body).toMatchObject({ gstRate: 40 });
  });
});

describe('the ticket form: a race for results (decision 063)', () => {
  it('sends the distance and the age groups as bands', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    type(dialog, /Distance/, '21.097');
    type(dialog, /Cut-off/, '3:30:00');
    type(dialog, /Age groups/, '18-29, 30-39, 40-49, 50-59, 60+');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({
      distanceKm: 21.097,
      cutOff: '3:30:00',
      ageGroups: [
        { from: 18, to: 29 },
        { from: 30, to: 39 },
        { from: 40, to: 49 },
        { from: 50, to: 59 },
        { from: 60, to: null },
      ],
    });
  });

  it('refuses overlapping or unreadable age groups on the field, and sends nothing', async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    type(dialog, /Age groups/, '18-30, 30-39');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(errorOf(input(dialog, /Age groups/))).toBe('Age groups 18–30 and 30–39 overlap'));
    type(dialog, /Age groups/, '18-29, thirties');
    expect(errorOf(input(dialog, /Age groups/))).toBe('"thirties" is not an age group: write them like 18-29, 30-39, 60+');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(api.calls('POST /api/admin/tickets')).toHaveLength(0);
  });

  it("refuses a cut-off that is not a time with the API's words, and sends nothing", async () => {
    const { api } = renderForm();
    const dialog = await newTicket();
    type(dialog, /Name/, '10K');
    type(dialog, /Cut-off/, 'soon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(errorOf(input(dialog, /Cut-off/))).toBe('Cut-off must be a time like 2:30:00'));
    expect(api.calls('POST /api/admin/tickets')).toHaveLength(0);
  });

  it("shows a race's stored age groups when editing", async () => {
    renderForm(
      aTicket({
        id: 5,
        eventId: 1,
        ageGroups: [
          { from: 18, to: 34 },
          { from: 35, to: null },
        ],
        distanceKm: 10,
        cutOff: '1:45:00',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect(input(dialog, /Age groups/).value).toBe('18-34, 35+');
    expect(input(dialog, /Distance/).value).toBe('10');
    expect(input(dialog, /Cut-off/).value).toBe('1:45:00');
  });
});

describe('the ticket form: start waves (decision 068)', () => {
  const withQuestions = {
    'GET /api/admin/events/:id': {
      event: {
        id: 1,
        title: 'Pune Hill Run',
        questions: [{ id: 'q_finish', label: 'Expected finish time', type: 'text', required: false }],
      },
    },
  };

  it('sends the waves typed one a line and the question holding the expected finish', async () => {
    const { api } = renderForm(undefined, withQuestions);
    const dialog = await newTicket();
    type(dialog, /Start waves/, 'Wave A, 06:00, 0:50:00\nWave B, 6:15, 1:05:00\nWave C, 06:30');
    await within(dialog).findByRole('option', { name: 'Expected finish time' });
    type(dialog, /Expected finish question/, 'q_finish');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.calls('POST /api/admin/tickets')).toHaveLength(1));
    expect(api.calls('POST /api/admin/tickets')[0]!.body).toMatchObject({
      waves: [
        { name: 'Wave A', start: '06:00', upTo: '0:50:00' },
        { name: 'Wave B', start: '06:15', upTo: '1:05:00' },
        { name: 'Wave C', start: '06:30', upTo: null },
      ],
      waveQuestionId: 'q_finish',
    });
  });

  it('refuses a wave named twice or a start it cannot read on the field, and sends nothing', async () => {
    const { api } = renderForm(undefined, withQuestions);
    const dialog = await newTicket();
    type(dialog, /Start waves/, 'Wave A, 06:00, 0:50:00\nwave a, 06:10');
    expect(errorOf(input(dialog, /Start waves/))).toBe('Wave wave a is named twice');
    type(dialog, /Start waves/, 'Wave A, noon');
    expect(errorOf(input(dialog, /Start waves/))).toBe("Wave Wave A's start must be a time like 06:15");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(api.calls('POST /api/admin/tickets')).toHaveLength(0);
  });

  it("shows a race's stored waves when editing", async () => {
    renderForm(
      aTicket({
        id: 7,
        eventId: 1,
        waves: [
          { name: 'Elite', start: '05:30', upTo: '0:40:00' },
          { name: 'Open', start: '05:45', upTo: null },
        ],
      }),
      withQuestions,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ticket' });
    expect(input(dialog, /Start waves/).value).toBe('Elite, 05:30, 0:40:00\nOpen, 05:45');
  });
});
