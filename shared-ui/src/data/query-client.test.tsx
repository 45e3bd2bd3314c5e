import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { StaffAccount, StaffUser } from '@tdk/api/contract';
import { renderWithPlatform } from '../testing';
import { callApi } from '../platform/api-client';
import { useApiClient } from '../platform/api-context';
import { useSession } from '../platform/session';
import { useApiMutation } from './query-client';
import { queryKeys } from './query-keys';

const admin: StaffUser = { id: 1, email: 'admin@tdksports.in', fullName: 'Asha Rao', role: 'admin', organisationId: 1, platformRole: null };
const account = (id: number, fullName: string, disabled = false): StaffAccount => ({
  id, email: `${id}@tdksports.in`, fullName, role: 'support', disabled, lastLoginAt: null, twoFactorEnabledAt: null, createdAt: '2026-01-01T00:00:00.000Z', sharedAccount: false,
});

/** As the shell's guard does: staff screens are mounted only while signed in. */
function SignedInOnly() {
  const session = useSession();
  return session.status === 'signed-in' ? <StaffNames /> : <p>{session.status}</p>;
}

function StaffNames() {
  const client = useApiClient();
  const session = useSession();
  const users = useQuery({
    queryKey: queryKeys.admin.users.list,
    queryFn: ({ signal }) => callApi(client.api.admin.users.$get({}, { init: { signal } })),
  });
  const audit = useQuery({
    queryKey: queryKeys.admin.audit.list(),
    queryFn: ({ signal }) => callApi(client.api.admin.audit.$get({ query: { limit: '50' } }, { init: { signal } })),
  });
  const disable = useApiMutation({
    mutationFn: (id: number) => callApi(client.api.admin.users[':id'].$patch({ param: { id: String(id) }, json: { disabled: true } })),
    invalidates: 'users',
  });
  return (
    <div>
      <ul>{users.data?.users.map((u) => <li key={u.id}>{`${u.fullName}${u.disabled ? ' (disabled)' : ''}`}</li>)}</ul>
      <p>{`${audit.data?.entries.length ?? 0} audit entries`}</p>
      <button type="button" onClick={() => disable.mutate(2)}>Disable Ravi</button>
      <button type="button" onClick={() => void session.signOut()}>Sign out</button>
    </div>
  );
}

describe('useApiMutation', () => {
  it('refetches the lists the change affects, with no reload by hand', async () => {
    let raviDisabled = false;
    let auditEntries = 0;
    const { api } = renderWithPlatform(<StaffNames />, {
      session: admin,
      api: {
        'GET /api/admin/users': () => ({ users: [account(1, 'Asha Rao'), account(2, 'Ravi K', raviDisabled)] }),
        'GET /api/admin/audit': () => ({ entries: Array.from({ length: auditEntries }, () => ({})), nextBefore: null }),
        'PATCH /api/admin/users/:id': () => {
          raviDisabled = true;
          auditEntries += 1;
          return { user: account(2, 'Ravi K', true) };
        },
      },
    });
    expect(await screen.findByText('Ravi K')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disable Ravi' }));
    expect(await screen.findByText('Ravi K (disabled)')).toBeTruthy();
    expect(await screen.findByText('1 audit entries')).toBeTruthy();
    expect(api.calls('PATCH /api/admin/users/:id')[0]!.body).toEqual({ disabled: true });
    expect(api.calls('GET /api/admin/users')).toHaveLength(2);
  });
});

describe('signing out', () => {
  it('cancels staff requests in flight and drops every staff query from the cache', async () => {
    let answerUsers: (() => void) | undefined;
    const { api, queryClient } = renderWithPlatform(<SignedInOnly />, {
      session: admin,
      api: {
        // Never answers until released: the request is still in flight at sign-out.
        'GET /api/admin/users': () => new Promise((resolve) => (answerUsers = () => resolve({ users: [] }))),
        'GET /api/admin/audit': { entries: [], nextBefore: null },
        'POST /api/auth/logout': undefined,
      },
    });
    await waitFor(() => expect(api.calls('GET /api/admin/users')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('signed-out')).toBeTruthy();
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKeys.admin.all })).toHaveLength(0);
    expect(api.calls('GET /api/admin/users')[0]!.signal?.aborted).toBe(true);
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    answerUsers?.();
  });
});
