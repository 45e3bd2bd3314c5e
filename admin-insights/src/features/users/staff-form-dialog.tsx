import {
  MIN_STAFF_PASSWORD_LENGTH,
  ROLES,
  addStaffSchema,
  resetStaffPasswordSchema,
  type AddStaffInput,
} from '@tdk/api/contract';
import { Button, Dialog, Field, Input, Select, getErrorMessage, useToast, Options } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useCreateStaff, useUpdateStaff } from './queries';

const PASSWORD_HINT = `At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`;
/** Decision 057: an e-mail that already has an account is added with its own password. */
const EXISTING_HINT = 'Leave empty if they already work with another organiser: they keep their own password.';
const EMPTY: AddStaffInput = { fullName: '', email: '', role: 'support', password: '' };

interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
}

export function AddUserDialog({ open, onClose }: AddUserDialogProps) {
  const { toast } = useToast();
  const createStaff = useCreateStaff();
  const form = useSchemaForm(addStaffSchema, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const added = await createStaff.mutateAsync(input);
      // A person who already works with another organiser keeps their own account and password.
      toast({
        title: 'Success',
        description: added.existingAccount && added.message ? added.message : `${input.fullName} has been added`,
        variant: 'success',
      });
      close();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['fullName', 'email', 'role', 'password'])) {
        toast({ title: 'Error', description: `Failed to add user: ${getErrorMessage(error)}`, variant: 'destructive' });
      }
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add User"
      description="Add a member to your organisation. For a new account, share the initial password with them privately; someone who already has an account keeps their own password."
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" loading={isSubmitting}>
            Add User
          </Button>
        </>
      }
    >
      <form id="add-user-form" onSubmit={submit} noValidate>
        <Field label="Full name" required error={errors.fullName?.message}>
          <Input {...form.register('fullName')} autoComplete="off" />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" {...form.register('email')} autoComplete="off" />
        </Field>
        <Field label="Role" required error={errors.role?.message}>
          <Select {...form.register('role')}>
            <Options values={ROLES} />
          </Select>
        </Field>
        <Field label="Initial password" error={errors.password?.message} hint={`${PASSWORD_HINT} ${EXISTING_HINT}`}>
          <Input type="password" {...form.register('password')} autoComplete="new-password" />
        </Field>
      </form>
    </Dialog>
  );
}

interface ResetPasswordDialogProps {
  account: { id: number; fullName: string } | null;
  onClose: () => void;
}

export function ResetPasswordDialog({ account, onClose }: ResetPasswordDialogProps) {
  const { toast } = useToast();
  const updateStaff = useUpdateStaff();
  const form = useSchemaForm(resetStaffPasswordSchema, { defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset({ password: '' });
    onClose();
  };

  const submit = form.handleSubmit(async ({ password }) => {
    if (!account) return;
    try {
      await updateStaff.mutateAsync({ id: account.id, change: { password } });
      toast({
        title: 'Success',
        description: `Password reset for ${account.fullName}; their sessions were signed out`,
        variant: 'success',
      });
      close();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password']))
        form.setError('password', { type: 'server', message: getErrorMessage(error) });
    }
  });

  return (
    <Dialog
      open={account !== null}
      onClose={close}
      title="Reset password"
      description={account ? `Set a new password for ${account.fullName}.` : undefined}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="reset-password-form" loading={isSubmitting}>
            Reset password
          </Button>
        </>
      }
    >
      <form id="reset-password-form" onSubmit={submit} noValidate>
        <Field label="New password" required error={errors.password?.message} hint={PASSWORD_HINT}>
          <Input type="password" {...form.register('password')} autoComplete="new-password" />
        </Field>
      </form>
    </Dialog>
  );
}
