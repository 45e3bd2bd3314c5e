import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { NewsletterConfirmPage } from './confirm-page';

describe('NewsletterConfirmPage', () => {
  it("confirms with the link's token, once, and says the visitor is subscribed", async () => {
    const token = 'a'.repeat(43);
    const { api } = renderWithPlatform(<NewsletterConfirmPage />, {
      route: `/newsletter/confirm#${token}`,
      api: { 'POST /api/newsletter/confirm': { confirmed: true } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: "You're subscribed" })).toBeTruthy();
    expect(screen.getByText('Thanks for confirming. New events will land in your inbox.')).toBeTruthy();
    expect(api.calls('POST /api/newsletter/confirm').map((request) => request.body)).toEqual([{ token }]);
    expect(screen.getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events');
  });

  it('says an expired link has expired, with the form to subscribe again', async () => {
    const { api } = renderWithPlatform(<NewsletterConfirmPage />, {
      route: `/newsletter/confirm#${'b'.repeat(43)}`,
      api: {
        'POST /api/newsletter/confirm': () =>
          errorResponse(
            410,
            'link_expired',
            'This confirmation link has expired: links work for 7 days. Subscribe again to get a new one.',
          ),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link has expired: links work for 7 days. Subscribe again to get a new one.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not confirm a subscription' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(api.calls('POST /api/newsletter/confirm')).toHaveLength(1);
  });

  it('sends nothing for a link without its token', async () => {
    const { api } = renderWithPlatform(<NewsletterConfirmPage />, { route: '/newsletter/confirm' });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This confirmation link is not complete. Subscribe again to get a new one.',
      ),
    );
    expect(api.calls('POST /api/newsletter/confirm')).toHaveLength(0);
  });
});
