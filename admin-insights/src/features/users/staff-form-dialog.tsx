import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '@tdk/api/contract';
import { ApiError, Button, Dialog, Field, Input, Select, useApi, useToast } from '@tdk/shared-ui';

interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY = { fullName: '', email: '', role: 'support' as Role, password: '' };

export function AddUserDialog({ open, onClose, onSaved }: AddUserDialogProps) {
  const api = useApi();
  const { toast } = useToast();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api.post('/api/admin/users', { ...form, email: form.email.trim(), fullName: form.fullName.trim() });
      toast({ title: 'Success', description: `${form.fullName.trim()} has been added`, variant: 'success' });
      setForm(EMPTY);
      onSaved();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else toast({ title: 'Error', description: `Failed to add user: ${error instanceof Error ? error.message : 'Unknown error'}`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add User"
      description="Create a staff account. Share the initial password with them privately."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" loading={busy}>
            Add User
          </Button>
        </>
      }
    >
      <form id="add-user-form" onSubmit={submit} noValidate>
        <Field label="Full name" required error={errors.fullName}>
          <Input value={form.fullName} onChange={(e) => set('fullName', e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Email" required error={errors.email}>
          <Input type="email" value={form.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Role" required error={errors.role}>
          <Select value={form.role} onChange={(e) => set('role', e.target.value as Role)}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Initial password" required error={errors.password} hint="At least 8 characters.">
          <Input type="password" value={form.password} onChange={(e) => set('password', e.target.value)} autoComplete="new-password" />
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
  const api = useApi();
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!account) return;
    setBusy(true);
    try {
      await api.patch(`/api/admin/users/${account.id}`, { password });
      toast({ title: 'Success', description: `Password reset for ${account.fullName}; their sessions were signed out`, variant: 'success' });
      setPassword('');
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fields?.password ?? caught.message) : 'Unknown error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={account !== null}
      onClose={onClose}
      title="Reset password"
      description={account ? `Set a new password for ${account.fullName}.` : undefined}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="reset-password-form" loading={busy}>
            Reset password
          </Button>
        </>
      }
    >
      <form id="reset-password-form" onSubmit={submit} noValidate>
        <Field label="New password" required error={error} hint="At least 8 characters.">
          <Input
            type="password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            autoComplete="new-password"
          />
        </Field>
      </form>
    </Dialog>
  );
}
