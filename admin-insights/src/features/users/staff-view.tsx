import { useState } from 'react';
import styled from 'styled-components';
import { ROLES, type Role, type StaffAccount } from '@tdk/api/contract';
import { Button, ConfirmDialog, Select, formatDateTime, getErrorMessage, useSession, useToast, Options } from '@tdk/shared-ui';
import { DataTable, StatusBadge } from '@tdk/shared-ui/admin';
import { useRemoveStaff, useResetTwoFactor, useStaffAccounts, useUpdateStaff } from './queries';
import { AddUserDialog, ResetPasswordDialog } from './staff-form-dialog';

export function StaffView({ adding, onAddingChange }: { adding: boolean; onAddingChange: (open: boolean) => void }) {
  const session = useSession();
  const { toast } = useToast();
  const { data, error, isPending: loading } = useStaffAccounts();
  const updateStaff = useUpdateStaff();
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const resetTwoFactor = useResetTwoFactor();
  const [resettingTwoFactor, setResettingTwoFactor] = useState<StaffAccount | null>(null);
  const removeStaff = useRemoveStaff();
  const [removing, setRemoving] = useState<StaffAccount | null>(null);

  function confirmRemove(account: StaffAccount) {
    return removeStaff.mutateAsync(account.id).then(
      () => {
        setRemoving(null);
        toast({ title: 'Success', description: `${account.fullName} was removed from your organisation`, variant: 'success' });
      },
      (caught: unknown) => {
        setRemoving(null);
        toast({ title: 'Error', description: getErrorMessage(caught), variant: 'destructive' });
      },
    );
  }

  function confirmTwoFactorReset(account: StaffAccount) {
    return resetTwoFactor.mutateAsync(account.id).then(
      () => {
        setResettingTwoFactor(null);
        toast({
          title: 'Success',
          description: `${account.fullName} sets up two-factor again at their next sign-in`,
          variant: 'success',
        });
      },
      (caught: unknown) => toast({ title: 'Error', description: getErrorMessage(caught), variant: 'destructive' }),
    );
  }

  function update(account: StaffAccount, change: { role?: Role; disabled?: boolean }, success: string) {
    updateStaff.mutate(
      { id: account.id, change },
      {
        onSuccess: () => toast({ title: 'Success', description: success, variant: 'success' }),
        onError: (caught) => toast({ title: 'Error', description: getErrorMessage(caught), variant: 'destructive' }),
      },
    );
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
          {
            key: 'name',
            header: 'Name',
            render: (account) => (
              <>
                <strong>{account.fullName}</strong>
                {account.sharedAccount && (
                  // Decision 057: the account is not this organisation's alone.
                  <SharedNote>{SHARED_NOTE}</SharedNote>
                )}
              </>
            ),
          },
          { key: 'email', header: 'Email', render: (account) => account.email },
          {
            key: 'role',
            header: 'Role',
            render: (account) => (
              <Select
                // Wide enough for the longest role at every width: the table must not squeeze it to a letter.
                style={{ minWidth: '9.5rem' }}
                aria-label={`Role of ${account.fullName}`}
                value={account.role}
                onChange={(event) =>
                  update(account, { role: event.target.value as Role }, `${account.fullName} is now ${event.target.value}`)
                }
              >
                <Options values={ROLES} />
              </Select>
            ),
          },
          {
            key: 'status',
            header: 'Status',
            render: (account) => (
              // The membership's state: this organisation only (decision 057).
              <StatusBadge tone={account.disabled ? 'grey' : 'green'} label={account.disabled ? 'Disabled here' : 'Active'} />
            ),
          },
          {
            key: 'twoFactor',
            header: 'Two-factor',
            render: (account) =>
              account.twoFactorEnabledAt ? `Since ${formatDateTime(account.twoFactorEnabledAt)}` : 'Not set up',
          },
          {
            key: 'last',
            header: 'Last sign-in',
            render: (account) => (account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Never'),
          },
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
                      account.disabled
                        ? `${account.fullName} can work in your organisation again`
                        : `${account.fullName} can no longer work in your organisation`,
                    )
                  }
                >
                  {account.disabled ? 'Enable' : 'Disable'}
                </Button>
                {!account.sharedAccount && (
                  <Button size="sm" variant="outline" onClick={() => setResetting(account)}>
                    Reset password
                  </Button>
                )}
                {account.twoFactorEnabledAt && !account.sharedAccount && (
                  <Button size="sm" variant="outline" onClick={() => setResettingTwoFactor(account)}>
                    Reset two-factor
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => setRemoving(account)}>
                  Remove
                </Button>
              </Actions>
            ),
          },
        ]}
      />
      <AddUserDialog open={adding} onClose={() => onAddingChange(false)} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={resettingTwoFactor !== null}
        title="Reset two-factor"
        message={`Reset two-factor sign-in for ${resettingTwoFactor?.fullName ?? ''}?`}
        details="Their authenticator app and recovery codes stop working and they are signed out everywhere. At their next sign-in they scan a new code. Use this when a member has lost their phone."
        confirmLabel="Reset two-factor"
        busy={resetTwoFactor.isPending}
        onConfirm={() => (resettingTwoFactor ? confirmTwoFactorReset(resettingTwoFactor) : undefined)}
        onCancel={() => setResettingTwoFactor(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from organisation"
        message={`Remove ${removing?.fullName ?? ''} from your organisation?`}
        details={
          removing?.sharedAccount
            ? 'They stop seeing your organisation at once. Their account, password and other organisers stay as they are.'
            : 'They stop seeing your organisation at once. They work with no other organiser, so their account is disabled and signed out; adding their e-mail again brings it back.'
        }
        confirmLabel="Remove from organisation"
        busy={removeStaff.isPending}
        onConfirm={() => (removing ? confirmRemove(removing) : undefined)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

/** What the Users screen says of an account that is not the organisation's alone (decision 057). */
export const SHARED_NOTE =
  'Also works with another organiser or the platform: they change their own name, password and two-factor.';

const SharedNote = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.span`
  display: inline-flex;
  gap: 8px;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
