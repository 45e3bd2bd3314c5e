import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLATFORM_ACCOUNT_MESSAGES, type PlatformAccount } from '@tdk/api/contract';
import { renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { platformAdmin, platformSupport } from '../../test/fixtures';
import { PlatformAccounts } from './platform-accounts';

const kavya: PlatformAccount = {
  id: 77,
  email: 'kavya@harbour.example.in',
  fullName: 'Kavya Iyer',
  platformRole: null,
  disabled: false,
  twoFactorEnabled: true,
  lastLoginAt: '2026-11-20T05:00:00.000Z',
  memberships: [
    { organisationId: 2, slug: 'harbour-harriers', displayName: 'Harbour Harriers', role: 'manager', disabled: false },
    { organisationId: 3, slug: 'valley-velo', displayName: 'Valley Velo', role: 'coordinator', disabled: true },
  ],
};

function renderAccounts(session = platformAdmin) {
  let account = kavya;
  const api = stubApi({
    'GET /api/platform/accounts': ({ query }: StubbedRequest) => ({
      accounts: 'kavya@harbour.example.in'.includes(query.get('email') ?? '') ? [account] : [],
    }),
    'POST /api/platform/accounts/:id/disable': () => {
      account = { ...account, disabled: true };
      return { account };
    },
    'POST /api/platform/accounts/:id/enable': () => {
      account = { ...account, disabled: false };
      return { account };
    },
    'POST /api/platform/accounts/:id/two-factor/reset': () => {
      account = { ...account, twoFactorEnabled: false };
      return { account };
    },
  });
  renderWithPlatform(<PlatformAccounts />, { api, session, route: '/admin/platform' });
  return api;
}

const find = async (text: string) => {
  fireEvent.change(await screen.findByRole('searchbox', { name: /Email/ }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Find account' }));
};

describe('Accounts', () => {
  it('finds an account by part of its e-mail and shows each organisation it works for; platform support change nothing', async () => {
    const api = renderAccounts(platformSupport);
    await find('ka');
    expect(await screen.findByText(PLATFORM_ACCOUNT_MESSAGES.searchTooShort)).toBeTruthy();
    expect(api.calls('GET /api/platform/accounts')).toHaveLength(0);

    await find('KAVYA@harbour');
    expect(await screen.findByRole('heading', { name: 'Kavya Iyer' })).toBeTruthy();
    expect(api.calls('GET /api/platform/accounts')[0]!.query.get('email')).toBe('kavya@harbour');
    const organisations = screen.getByRole('list', { name: "Kavya Iyer's organisations" });
    expect(
      within(organisations)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Harbour Harriers — Manager', 'Valley Velo — Coordinator (disabled there)']);
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();

    await find('nobody@x.in');
    expect(await screen.findByText('No staff account has an e-mail containing “nobody@x.in”.')).toBeTruthy();
  });

  it('disables the whole account after asking, enables it again, and resets its two-factor', async () => {
    const api = renderAccounts();
    await find('kavya');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable account' });
    expect(within(confirm).getByText(/cannot sign in to any organisation/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Kavya Iyer can no longer sign in anywhere; their sessions have ended.')).toBeTruthy();
    expect(api.calls('POST /api/platform/accounts/:id/disable')[0]!.path).toBe('/api/platform/accounts/77/disable');
    expect(await screen.findByText('Disabled (cannot sign in anywhere)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Enable account' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Enable account' })).getByRole('button', { name: 'Enable' }),
    );
    await waitFor(() => expect(api.calls('POST /api/platform/accounts/:id/enable')).toHaveLength(1));
    expect(await screen.findByText('Enabled')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Reset two-factor' })).getByRole('button', { name: 'Reset' }),
    );
    expect(await screen.findByText('Not set up')).toBeTruthy();
    expect(api.calls('POST /api/platform/accounts/:id/two-factor/reset')).toHaveLength(1);
  });
});
