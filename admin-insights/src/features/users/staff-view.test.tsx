import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffAccount } from '@tdk/api/contract';
import { aStaffUser, errorResponse, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { SHARED_NOTE, StaffView } from './staff-view';

const account = (overrides: Partial<StaffAccount>): StaffAccount => ({
  ...aStaffUser(),
  disabled: false,
  lastLoginAt: null,
  twoFactorEnabledAt: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  sharedAccount: false,
  ...overrides,
});

const lead = account({ id: 1, fullName: 'Lead Admin', email: 'lead@tdksports.in' });
const priya = account({ id: 2, fullName: 'Priya Shah', email: 'priya@tdksports.in', role: 'support' });

function renderStaff(routes: Parameters<typeof stubApi>[0], adding = false) {
  const api = stubApi(routes);
  renderWithPlatform(<StaffView adding={adding} onAddingChange={() => {}} />, { api, session: aStaffUser({ id: 1 }) });
  return api;
}

describe('StaffView', () => {
  it('lists the staff accounts from the API', async () => {
    renderStaff({ 'GET /api/admin/users': { users: [lead, priya] } });
    expect(await screen.findByText('Priya Shah')).toBeTruthy();
    expect(screen.getByText('priya@tdksports.in')).toBeTruthy();
    // Nobody disables their own account.
    const leadRow = screen.getByText('Lead Admin').closest('tr')!;
    expect(within(leadRow).getByRole('button', { name: 'Disable' }).hasAttribute('disabled')).toBe(true);
  });

  it('changes a role and shows the list as the server now has it', async () => {
    let users = [lead, priya];
    const api = renderStaff({
      'GET /api/admin/users': () => ({ users }),
      'PATCH /api/admin/users/:id': ({ body }: StubbedRequest) => {
        users = [lead, { ...priya, ...(body as Partial<StaffAccount>) }];
        return { user: users[1] };
      },
    });
    fireEvent.change(await screen.findByLabelText('Role of Priya Shah'), { target: { value: 'manager' } });
    expect(await screen.findByText('Priya Shah is now manager')).toBeTruthy();
    expect(api.calls('PATCH /api/admin/users/:id')[0]).toMatchObject({ path: '/api/admin/users/2', body: { role: 'manager' } });
    // The mutation invalidated the list: it was fetched again, no reload by hand.
    await waitFor(() => expect(api.calls('GET /api/admin/users')).toHaveLength(2));
    await waitFor(() => expect((screen.getByLabelText('Role of Priya Shah') as HTMLSelectElement).value).toBe('manager'));
  });
});

describe('Add User dialog', () => {
  it("checks the form with the contract's rules before sending anything", async () => {
    const api = renderStaff({ 'GET /api/admin/users': { users: [lead] } }, true);
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(within(dialog).getByLabelText(/Initial password/), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Full name is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText(/Password must be at least/)).toBeTruthy();
    expect(api.calls('POST /api/admin/users')).toHaveLength(0);

    // Editing a field clears its error.
    fireEvent.change(within(dialog).getByLabelText(/Full name/), { target: { value: 'Nikhil Rao' } });
    await waitFor(() => expect(within(dialog).queryByText('Full name is required')).toBeNull());
  });

  it("puts the server's 409 field message on the e-mail input", async () => {
    const api = renderStaff(
      {
        'GET /api/admin/users': { users: [lead] },
        'POST /api/admin/users': () =>
          errorResponse(409, 'conflict', 'A staff account with this email already exists', {
            email: 'A staff account with this email already exists',
          }),
      },
      true,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    fireEvent.change(within(dialog).getByLabelText(/Full name/), { target: { value: 'Nikhil Rao' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'Lead@TDKSports.in' } });
    fireEvent.change(within(dialog).getByLabelText(/Initial password/), { target: { value: 'a-long-enough-passphrase' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('A staff account with this email already exists')).toBeTruthy();
    expect(api.calls('POST /api/admin/users')[0]!.body).toEqual({
      fullName: 'Nikhil Rao',
      email: 'lead@tdksports.in',
      role: 'support',
      password: 'a-long-enough-passphrase',
    });
    expect(within(dialog).getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it("resets a member's two-factor after asking, and shows them as not set up", async () => {
    const enrolled = { ...priya, twoFactorEnabledAt: '2026-11-01T05:30:00.000Z' };
    let users = [lead, enrolled];
    const api = renderStaff({
      'GET /api/admin/users': () => ({ users }),
      'POST /api/admin/users/:id/two-factor/reset': () => {
        users = [lead, { ...enrolled, twoFactorEnabledAt: null }];
        return { user: users[1] };
      },
    });
    const row = (await screen.findByText('Priya Shah')).closest('tr')!;
    expect(within(row).getByText(/^Since /)).toBeTruthy();
    // Nobody without two-factor has the button.
    expect(within(screen.getByText('Lead Admin').closest('tr')!).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Reset two-factor sign-in for Priya Shah?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(api.calls('POST /api/admin/users/:id/two-factor/reset')).toHaveLength(1));
    expect(api.calls('POST /api/admin/users/:id/two-factor/reset')[0]!.path).toBe('/api/admin/users/2/two-factor/reset');
    await waitFor(() => expect(within(screen.getByText('Priya Shah').closest('tr')!).getByText('Not set up')).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('memberships per organisation (decision 057)', () => {
  it('offers no password or two-factor reset for a shared account, and says why', async () => {
    const shared = account({
      id: 3,
      fullName: 'Ravi Shared',
      role: 'manager',
      sharedAccount: true,
      twoFactorEnabledAt: '2026-11-01T05:30:00.000Z',
    });
    const enrolled = { ...priya, twoFactorEnabledAt: '2026-11-01T05:30:00.000Z' };
    renderStaff({ 'GET /api/admin/users': { users: [lead, enrolled, shared] } });
    const sharedRow = (await screen.findByText('Ravi Shared')).closest('tr')!;
    expect(within(sharedRow).getByText(SHARED_NOTE)).toBeTruthy();
    expect(within(sharedRow).queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(within(sharedRow).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
    // Role, disabling here and removal stay this organisation's.
    expect(within(sharedRow).getByLabelText('Role of Ravi Shared')).toBeTruthy();
    expect(within(sharedRow).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(within(sharedRow).getByRole('button', { name: 'Remove' })).toBeTruthy();
    // An account of this organisation alone keeps both resets and no note.
    const priyaRow = screen.getByText('Priya Shah').closest('tr')!;
    expect(within(priyaRow).getByRole('button', { name: 'Reset password' })).toBeTruthy();
    expect(within(priyaRow).getByRole('button', { name: 'Reset two-factor' })).toBeTruthy();
    expect(within(priyaRow).queryByText(SHARED_NOTE)).toBeNull();
  });

  it('disabling says it is for this organisation only', async () => {
    let users = [lead, priya];
    renderStaff({
      'GET /api/admin/users': () => ({ users }),
      'PATCH /api/admin/users/:id': () => {
        users = [lead, { ...priya, disabled: true }];
        return { user: users[1] };
      },
    });
    fireEvent.click(within((await screen.findByText('Priya Shah')).closest('tr')!).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Priya Shah can no longer work in your organisation')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('Priya Shah').closest('tr')!).getByText('Disabled here')).toBeTruthy());
  });

  it('removes a member from the organisation after asking, and the list no longer shows them', async () => {
    let users = [lead, priya];
    const api = renderStaff({
      'GET /api/admin/users': () => ({ users }),
      'DELETE /api/admin/users/:id': () => {
        users = [lead];
        return { removed: true, accountDisabled: true };
      },
    });
    fireEvent.click(within((await screen.findByText('Priya Shah')).closest('tr')!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove Priya Shah from your organisation?');
    expect(dialog.textContent).toContain('their account is disabled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from organisation' }));
    expect(await screen.findByText('Priya Shah was removed from your organisation')).toBeTruthy();
    expect(api.calls('DELETE /api/admin/users/:id')[0]!.path).toBe('/api/admin/users/2');
    await waitFor(() => expect(screen.queryByLabelText('Role of Priya Shah')).toBeNull());
  });

  it("shows the server's refusal to remove the last admin", async () => {
    renderStaff({
      'GET /api/admin/users': { users: [lead] },
      'DELETE /api/admin/users/:id': () =>
        errorResponse(409, 'conflict', 'The last active admin cannot be removed from the organisation'),
    });
    fireEvent.click(within((await screen.findByText('Lead Admin')).closest('tr')!).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove from organisation' }));
    expect(await screen.findByText('The last active admin cannot be removed from the organisation')).toBeTruthy();
    expect(screen.getByText('Lead Admin')).toBeTruthy();
  });

  it('adds a person who already has an account without a password, and says they keep their own', async () => {
    const message =
      'ravi@example.com already has a TDK Sports account: they sign in with their own password and now see your organisation';
    const api = renderStaff(
      {
        'GET /api/admin/users': { users: [lead] },
        'POST /api/admin/users': () => ({
          user: account({ id: 9, fullName: 'Ravi', email: 'ravi@example.com', sharedAccount: true }),
          existingAccount: true,
          message,
        }),
      },
      true,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    fireEvent.change(within(dialog).getByLabelText(/Full name/), { target: { value: 'Ravi' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'ravi@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls('POST /api/admin/users')[0]!.body).toEqual({ fullName: 'Ravi', email: 'ravi@example.com', role: 'support' });
  });
});
