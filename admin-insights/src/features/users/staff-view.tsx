import { useState } from 'react';
import styled from 'styled-components';
import { ROLES, type Role, type StaffAccount, type StaffAccountsResponse } from '@tdk/api/contract';
import {
  ApiError, Button, DataTable, Select, StatusBadge, formatDateTime, useApi, useApiQuery, useSession, useToast,
} from '@tdk/shared-ui';
import { AddUserDialog, ResetPasswordDialog } from './staff-form-dialog';

export function StaffView({ adding, onAddingChange }: { adding: boolean; onAddingChange: (open: boolean) => void }) {
  const api = useApi();
  const session = useSession();
  const { toast } = useToast();
  const { data, error, loading, reload } = useApiQuery<StaffAccountsResponse>('/api/admin/users');
  const [resetting, setResetting] = useState<StaffAccount | null>(null);

  async function update(account: StaffAccount, change: { role?: Role; disabled?: boolean }, success: string) {
    try {
      await api.patch(`/api/admin/users/${account.id}`, change);
      toast({ title: 'Success', description: success, variant: 'success' });
    } catch (caught) {
      toast({ title: 'Error', description: caught instanceof ApiError ? caught.message : 'Unknown error', variant: 'destructive' });
    } finally {
      reload();
    }
  }

  return (
    <>
      {error && <ErrorText role="alert">Failed to load staff accounts: {error.message}</ErrorText>}
      <DataTable
        caption="Staff accounts"
        hideCaption
        loading={loading}
        rows={data?.users ?? []}
        getRowKey={(account) => account.id}
        emptyTitle="No staff accounts."
        columns={[
          { key: 'name', header: 'Name', render: (account) => <strong>{account.fullName}</strong> },
          { key: 'email', header: 'Email', render: (account) => account.email },
          {
            key: 'role',
            header: 'Role',
            render: (account) => (
              <Select
                aria-label={`Role of ${account.fullName}`}
                value={account.role}
                onChange={(event) => update(account, { role: event.target.value as Role }, `${account.fullName} is now ${event.target.value}`)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </Select>
            ),
          },
          {
            key: 'status',
            header: 'Status',
            render: (account) => <StatusBadge tone={account.disabled ? 'grey' : 'green'} label={account.disabled ? 'Disabled' : 'Active'} />,
          },
          { key: 'last', header: 'Last sign-in', render: (account) => (account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Never') },
          {
            key: 'actions',
            header: 'Actions',
            render: (account) => (
              <Actions>
                <Button
                  size="sm"
                  variant={account.disabled ? 'outline' : 'danger'}
                  disabled={session.user?.id === account.id}
                  onClick={() =>
                    update(
                      account,
                      { disabled: !account.disabled },
                      account.disabled ? `${account.fullName} can sign in again` : `${account.fullName} is disabled and signed out`,
                    )
                  }
                >
                  {account.disabled ? 'Enable' : 'Disable'}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setResetting(account)}>
                  Reset password
                </Button>
              </Actions>
            ),
          },
        ]}
      />
      <AddUserDialog open={adding} onClose={() => onAddingChange(false)} onSaved={reload} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

const Actions = styled.span`
  display: inline-flex;
  gap: 8px;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
