import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorResponse, renderWithPlatform } from '@tdk/shared-ui/testing';
import { UnsubscribePage } from './unsubscribe-page';

describe('UnsubscribePage', () => {
  it("posts the link's token once and says announcements stop while tickets still come", async () => {
    const token = '7.YXNoYUBleGFtcGxlLmNvbQ.abcdefghijklmnopqrstuvwxyz012345';
    const { api } = renderWithPlatform(<UnsubscribePage />, {
      route: `/unsubscribe#t=${token}`,
      api: { 'POST /api/messages/unsubscribe': { unsubscribed: true } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeTruthy();
    expect(
      screen.getByText(
        "This organiser's announcements will no longer be sent to you. Your tickets and messages about your bookings still will.",
      ),
    ).toBeTruthy();
    expect(api.calls('POST /api/messages/unsubscribe').map((request) => request.body)).toEqual([{ token }]);
  });

  it('says a link that is not ours is not valid', async () => {
    renderWithPlatform(<UnsubscribePage />, {
      route: '/unsubscribe#t=forged',
      api: { 'POST /api/messages/unsubscribe': () => errorResponse(404, 'link_invalid', 'This unsubscribe link is not valid') },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid');
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not unsubscribe anyone' })).toBeTruthy();
  });

  it('sends nothing for a link without its token', async () => {
    const { api } = renderWithPlatform(<UnsubscribePage />, { route: '/unsubscribe' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This unsubscribe link is not complete.'));
    expect(api.calls('POST /api/messages/unsubscribe')).toHaveLength(0);
  });
});
