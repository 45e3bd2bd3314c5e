import { useState } from 'react';
import styled from 'styled-components';
import {
  MIN_STAFF_PASSWORD_LENGTH,
  PLATFORM_ROLES,
  type AddPlatformStaffInput,
  type PlatformRole,
  type PlatformStaffMember,
} from '@tdk/api/contract';
import {
  Button,
  ConfirmDialog,
  Dialog,
  Field,
  Input,
  Options,
  Select,
  formatShortDate,
  getErrorMessage,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import { DataTable, ListError, type DataTableColumn } from '@tdk/shared-ui/admin';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { usePlatformRole } from '../access/platform-staff-only';
import { useAddPlatformStaff, usePlatformStaff, useSetPlatformRole } from './queries';

export const platformRoleLabel = (role: PlatformRole) => (role === 'platform_admin' ? 'Platform admin' : 'Platform support');

/**
 * The platform's own staff (decision 058): who has a platform role. Platform admins add someone
 * (an organiser's staff member keeps their password; a new account gets the one given), change a
 * role and withdraw it; platform support read the list.
 */
export function PlatformStaff() {
  const { data, error, isPending } = usePlatformStaff();
  const isPlatformAdmin = usePlatformRole() === 'platform_admin';
  const session = useSession();
  const setRole = useSetPlatformRole();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<PlatformStaffMember | null>(null);

  const change = async (member: PlatformStaffMember, platformRole: PlatformRole | null) => {
    try {
      await setRole.mutateAsync({ id: member.id, platformRole });
      toast({
        title: platformRole ? 'Role changed' : 'Platform role withdrawn',
        description: platformRole
          ? `${member.fullName} is now ${platformRoleLabel(platformRole).toLowerCase()}.`
          : `${member.fullName} no longer works for the platform; their organisations are unchanged.`,
        variant: 'success',
      });
    } catch (failure) {
      toast({ title: 'Error', description: getErrorMessage(failure), variant: 'destructive' });
    }
  };

  const columns: DataTableColumn<PlatformStaffMember>[] = [
    { key: 'fullName', header: 'Name', render: (m) => (m.id === session.user?.id ? `${m.fullName} (you)` : m.fullName) },
    { key: 'email', header: 'Email', render: (m) => m.email },
    {
      key: 'platformRole',
      header: 'Role',
      render: (m) =>
        isPlatformAdmin ? (
          <Select
            aria-label={`Role of ${m.fullName}`}
            value={m.platformRole}
            disabled={setRole.isPending}
            onChange={(e) => void change(m, e.target.value as PlatformRole)}
          >
            <Options values={PLATFORM_ROLES} label={platformRoleLabel} />
          </Select>
        ) : (
          platformRoleLabel(m.platformRole)
        ),
    },
    { key: 'memberships', header: 'Organisations', align: 'right', render: (m) => String(m.memberships) },
    {
      key: 'lastLoginAt',
      header: 'Last sign-in',
      render: (m) => (m.disabled ? 'Disabled' : m.lastLoginAt ? formatShortDate(m.lastLoginAt) : 'Never'),
    },
    ...(isPlatformAdmin
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (m: PlatformStaffMember) => (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Withdraw ${m.fullName}'s platform role`}
                onClick={() => setWithdrawing(m)}
              >
                Withdraw
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {isPlatformAdmin && (
        <Actions>
          <Button onClick={() => setAdding(true)}>Add platform staff</Button>
        </Actions>
      )}
      {error ? (
        <ListError role="alert">Failed to load the platform's staff.</ListError>
      ) : (
        <DataTable
          caption="Platform staff"
          hideCaption
          columns={columns}
          rows={data?.staff ?? []}
          getRowKey={(m) => m.id}
          loading={isPending}
          emptyTitle="No platform staff"
          emptyMessage="Nobody has a platform role."
        />
      )}
      <AddPlatformStaffDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw platform role"
        message={withdrawing && `Withdraw ${withdrawing.fullName}'s platform role?`}
        details="They stop seeing every organisation and the review queue at once. Their own organisations' memberships stay."
        confirmLabel="Withdraw"
        busy={setRole.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={async () => {
          if (withdrawing) await change(withdrawing, null);
          setWithdrawing(null);
        }}
      />
    </>
  );
}

const EMPTY: AddPlatformStaffInput = { email: '', fullName: '', platformRole: 'platform_support', password: '' };

function AddPlatformStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddPlatformStaff();
  const { toast } = useToast();
  const form = useLazySchemaForm(() => import('@tdk/api/contract').then((m) => m.addPlatformStaffSchema), {
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  // An empty password is none: an existing account keeps its own.
  const submit = form.handleSubmit(async ({ password, ...input }) => {
    try {
      const { member, existingAccount } = await add.mutateAsync({ ...input, ...(password ? { password } : {}) });
      toast({
        title: 'Platform staff added',
        description: existingAccount
          ? `${member.fullName} already had an account: they sign in with their own password and now see the platform.`
          : `${member.fullName} can sign in with the password you set.`,
        variant: 'success',
      });
      close();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email', 'fullName', 'platformRole', 'password']))
        form.setError('root', { type: 'server', message: getErrorMessage(error) });
    }
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add platform staff"
      description="Someone who already has an account (an organiser's staff, say) keeps their password and their organisations."
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="platform-staff-form" loading={isSubmitting}>
            Add
          </Button>
        </>
      }
    >
      <Form id="platform-staff-form" onSubmit={submit} noValidate>
        {errors.root && <ListError role="alert">{errors.root.message}</ListError>}
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label="Full name" required error={errors.fullName?.message}>
          <Input {...form.register('fullName')} />
        </Field>
        <Field label="Role" required error={errors.platformRole?.message}>
          <Select {...form.register('platformRole')}>
            <Options values={PLATFORM_ROLES} label={platformRoleLabel} />
          </Select>
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          hint={`Only for a new account: at least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}
        >
          <Input
            type="password"
            autoComplete="new-password"
            {...form.register('password', { setValueAs: (v: string) => v || undefined })}
          />
        </Field>
      </Form>
    </Dialog>
  );
}

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
