import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { SignupVerifyPage } from './verify-page';

const VERIFIED = {
  organisation: { id: 7, slug: 'pune-running-club', displayName: 'Pune Running Club', status: 'applied' },
  admin: { email: 'asha@puneruns.in', fullName: 'Asha Kulkarni' },
};

describe('SignupVerifyPage', () => {
  it("posts the fragment's token once and says the organisation awaits approval, with the way to the admin", async () => {
    const token = 'c'.repeat(43);
    const { api } = renderWithPlatform(<SignupVerifyPage />, {
      route: `/signup/verify#t=${token}`,
      api: {
        'POST /api/organisers/signup/verify': VERIFIED,
        'GET /api/auth/me': { user: null, organisation: null, organisations: [], platformRole: null },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pune Running Club is signed up' })).toBeTruthy();
    expect(screen.getByText(/Your organisation awaits approval/).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Go to your admin' }).getAttribute('href')).toBe('/admin');
    expect(api.calls('POST /api/organisers/signup/verify').map((r) => r.body)).toEqual([{ token }]);
  });

  it("says a used link is used, in the API's words, with a way to sign up again", async () => {
    renderWithPlatform(<SignupVerifyPage />, {
      route: `/signup/verify#t=${'d'.repeat(43)}`,
      api: {
        'POST /api/organisers/signup/verify': () =>
          errorResponse(400, 'bad_request', 'This sign-up link was already used. Sign in to continue.'),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-up link was already used. Sign in to continue.');
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not create an organisation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up again' }).getAttribute('href')).toBe('/sell');
  });

  it('sends nothing for a link without its token', async () => {
    const { api } = renderWithPlatform(<SignupVerifyPage />, { route: '/signup/verify' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/not complete/));
    expect(api.calls('POST /api/organisers/signup/verify')).toHaveLength(0);
  });
});
