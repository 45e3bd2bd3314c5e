import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLATFORM_STAFF_MESSAGES, type PlatformStaffMember } from '@tdk/api/contract';
import { errorResponse, jsonResponse, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { platformAdmin, platformSupport } from '../../test/fixtures';
import { PlatformStaff } from './platform-staff';

const farah: PlatformStaffMember = {
  id: 41,
  email: 'farah@tdksports.in',
  fullName: 'Farah Siddiqui',
  platformRole: 'platform_support',
  disabled: false,
  lastLoginAt: '2026-11-20T05:00:00.000Z',
  memberships: 1,
};

function renderStaff(session = platformAdmin) {
  let staff = [farah];
  const api = stubApi({
    'GET /api/platform/staff': () => ({ staff }),
    'POST /api/platform/staff': ({ body }: StubbedRequest) => {
      const input = body as {
        email: string;
        fullName: string;
        platformRole: PlatformStaffMember['platformRole'];
        password?: string;
      };
      if (input.email === farah.email)
        return errorResponse(409, 'conflict', PLATFORM_STAFF_MESSAGES.alreadyStaff, {
          email: PLATFORM_STAFF_MESSAGES.alreadyStaff,
        });
      const member = {
        ...farah,
        id: 42,
        email: input.email,
        fullName: 'Kiran Gowda',
        platformRole: input.platformRole,
        memberships: 2,
      };
      staff = [...staff, member];
      return jsonResponse({ member, existingAccount: true }, 201);
    },
    'PATCH /api/platform/staff/:id': ({ body }: StubbedRequest) => {
      const { platformRole } = body as { platformRole: PlatformStaffMember['platformRole'] | null };
      staff = platformRole ? staff.map((m) => ({ ...m, platformRole })) : [];
      return { member: platformRole ? staff[0] : null };
    },
  });
  renderWithPlatform(<PlatformStaff />, { api, session, route: '/admin/platform' });
  return api;
}

describe('Platform staff', () => {
  it('lists who has a platform role; platform support change nothing', async () => {
    renderStaff(platformSupport);
    expect(await screen.findByRole('cell', { name: 'Farah Siddiqui' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Platform support' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add platform staff' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Farah Siddiqui' })).toBeNull();
  });

  it("adds an organiser's admin without a password, says they keep their own, and shows the API's refusal on the field", async () => {
    const api = renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Add platform staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add platform staff' });
    // The contract's rules, before sending.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(api.calls('POST /api/platform/staff')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: farah.email } });
    fireEvent.change(within(dialog).getByLabelText(/Full name/), { target: { value: 'Farah Siddiqui' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(PLATFORM_STAFF_MESSAGES.alreadyStaff)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'admin@bfl.example.in' } });
    fireEvent.change(within(dialog).getByLabelText(/Full name/), { target: { value: 'Kiran Gowda' } });
    fireEvent.change(within(dialog).getByLabelText(/^Role/), { target: { value: 'platform_admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'Kiran Gowda already had an account: they sign in with their own password and now see the platform.',
      ),
    ).toBeTruthy();
    expect(api.calls('POST /api/platform/staff')[1]!.body).toEqual({
      email: 'admin@bfl.example.in',
      fullName: 'Kiran Gowda',
      platformRole: 'platform_admin',
    });
    expect(await screen.findByRole('cell', { name: 'Kiran Gowda' })).toBeTruthy();
  });

  it('changes a role and withdraws one after asking', async () => {
    const api = renderStaff();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Role of Farah Siddiqui' }), {
      target: { value: 'platform_admin' },
    });
    expect(await screen.findByText('Farah Siddiqui is now platform admin.')).toBeTruthy();
    expect(api.calls('PATCH /api/platform/staff/:id')[0]).toMatchObject({
      path: '/api/platform/staff/41',
      body: { platformRole: 'platform_admin' },
    });

    fireEvent.click(screen.getByRole('button', { name: "Withdraw Farah Siddiqui's platform role" }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw platform role' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.calls('PATCH /api/platform/staff/:id')).toHaveLength(2));
    expect(api.calls('PATCH /api/platform/staff/:id')[1]!.body).toEqual({ platformRole: null });
    expect(await screen.findByText('No platform staff')).toBeTruthy();
  });
});
