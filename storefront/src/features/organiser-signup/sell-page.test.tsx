import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORGANISATION_MESSAGES } from '@tdk/api/contract/organisations';
import { errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { SellPage } from './sell-page';

const TERMS = { commissionPercent: 5, eventApprovalRequired: false, linkHours: 24 };

const slugFree = (request: StubbedRequest) => ({ slug: request.query.get('slug'), available: true });

function renderPage(api: Record<string, unknown> = {}) {
  return renderWithPlatform(<SellPage />, {
    route: '/sell',
    api: {
      'GET /api/organisers/signup': TERMS,
      'GET /api/organisers/signup/slug-available': slugFree,
      'POST /api/organisers/signup': { message: 'Check your email' },
      ...api,
    },
  });
}

const field = (name: RegExp | string) => screen.getByLabelText(name);
const type = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });

function fillValid() {
  type(/^Organisation name/, 'Pune Running Club');
  type(/^Legal name/, 'Pune Running Club LLP');
  fireEvent.change(field(/^State/), { target: { value: '27' } });
  type(/^PAN/, 'aaacr1234f');
  type(/^Contact email/, 'hello@puneruns.in');
  type(/^Contact phone/, '98765 43210');
  type(/^Your full name/, 'Asha Kulkarni');
  type(/^Your email/, 'asha@puneruns.in');
  type(/^Password/, 'long enough passphrase 41');
}

describe('SellPage', () => {
  it('states the commission and the approval, and offers the web address from the name', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sell tickets on TDK Sports' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('sell-commission').textContent).toMatch(/5% of each ticket sold/));
    type(/^Organisation name/, 'Pune Running Club');
    expect((field(/^Web address/) as HTMLInputElement).value).toBe('pune-running-club');
    expect(await screen.findByText('/o/pune-running-club is free')).toBeTruthy();
  });

  it("shows the shared schema's messages on the fields and sends nothing", async () => {
    const { api } = renderPage();
    type(/^PAN/, 'AAAXR1234F');
    type(/^Password/, 'short');
    fireEvent.submit(screen.getByTestId('signup-form'));
    expect(await screen.findByText("PAN's fourth letter must be one of P, C, H, F, A, T, B, L, J or G")).toBeTruthy();
    expect(screen.getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(screen.getByText('Organisation name is required')).toBeTruthy();
    expect(screen.getByText('Choose the state the organisation is registered in')).toBeTruthy();
    expect(field(/^PAN/).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('POST /api/organisers/signup')).toHaveLength(0);
  });

  it('says a taken web address before sending', async () => {
    renderPage({
      'GET /api/organisers/signup/slug-available': (request: StubbedRequest) => ({
        slug: request.query.get('slug'),
        available: false,
        problem: ORGANISATION_MESSAGES.slugTaken,
      }),
    });
    type(/^Web address/, 'mumbai-marathon');
    expect(await screen.findByText('This web address is taken. Choose another.')).toBeTruthy();
  });

  it('sends the profile and the admin, then says to check the e-mail', async () => {
    const { api } = renderPage();
    fillValid();
    fireEvent.submit(screen.getByTestId('signup-form'));
    const sent = await screen.findByTestId('signup-sent');
    expect(within(sent).getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(within(sent).getByRole('status').textContent).toBe(
      'We sent a link to asha@puneruns.in. Open it within 24 hours to create Pune Running Club and your admin account.',
    );
    expect(api.calls('POST /api/organisers/signup').map((r) => r.body)).toEqual([
      {
        organisation: {
          displayName: 'Pune Running Club',
          slug: 'pune-running-club',
          legalName: 'Pune Running Club LLP',
          state: '27',
          pan: 'AAACR1234F',
          gstin: '',
          contactEmail: 'hello@puneruns.in',
          contactPhone: '98765 43210',
        },
        admin: { fullName: 'Asha Kulkarni', email: 'asha@puneruns.in', password: 'long enough passphrase 41' },
      },
    ]);
  });

  it("puts the API's field errors on their inputs (a web address taken meanwhile)", async () => {
    renderPage({
      'POST /api/organisers/signup': () =>
        errorResponse(409, 'conflict', 'This web address is taken. Choose another.', {
          'organisation.slug': 'This web address is taken. Choose another.',
        }),
    });
    fillValid();
    fireEvent.submit(screen.getByTestId('signup-form'));
    await waitFor(() => expect(field(/^Web address/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This web address is taken. Choose another.')).toBeTruthy();
    expect(screen.queryByTestId('signup-sent')).toBeNull();
  });

  it('says when sign-ups from here are limited', async () => {
    renderPage({
      'POST /api/organisers/signup': () =>
        errorResponse(429, 'rate_limited', 'Too many sign-ups from here. Try again in 42 minutes.'),
    });
    fillValid();
    fireEvent.submit(screen.getByTestId('signup-form'));
    expect((await screen.findByTestId('signup-problem')).textContent).toMatch(/Too many sign-ups from here/);
  });
});
