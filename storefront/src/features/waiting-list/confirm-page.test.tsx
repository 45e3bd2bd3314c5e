// The page of the link mailed to a new waiting-list entry (issue 40): it confirms the address with
// a POST of the fragment's token, once, and says the place; a bad link says so.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { WaitingListConfirmPage } from './confirm-page';

describe('WaitingListConfirmPage', () => {
  it("confirms with the link's token, once, and says the place in line", async () => {
    const { api } = renderWithPlatform(<WaitingListConfirmPage />, {
      path: '/event/:id/waiting-list/confirm',
      route: '/event/5/waiting-list/confirm#12.abc',
      api: {
        'POST /api/events/:id/waiting-list/confirm': {
          ticketId: 9,
          ticketName: 'Half Marathon',
          quantity: 1,
          place: 4,
          confirmed: true,
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your place is confirmed' })).toBeTruthy();
    expect(screen.getByTestId('waiting-list-confirmed').textContent).toBe(
      'You are number 4 in line for 1 Half Marathon ticket. We will e-mail you when seats come free.',
    );
    expect(api.calls('POST /api/events/:id/waiting-list/confirm').map((request) => request.body)).toEqual([{ token: '12.abc' }]);
    expect(screen.getByRole('link', { name: 'Back to the event' }).getAttribute('href')).toBe('/event/5');
  });

  it('says a link that is not valid is not', async () => {
    renderWithPlatform(<WaitingListConfirmPage />, {
      path: '/event/:id/waiting-list/confirm',
      route: '/event/5/waiting-list/confirm#12.forged',
      api: {
        'POST /api/events/:id/waiting-list/confirm': () =>
          errorResponse(
            400,
            'validation_error',
            'This confirmation link is not valid: join the waiting list again for a new one',
          ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This confirmation link is not valid: join the waiting list again for a new one',
    );
  });
});
