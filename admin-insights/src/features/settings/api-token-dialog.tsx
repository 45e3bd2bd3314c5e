// "Create API token" (issue 45, decision 062): a name, the scopes and an optional expiry, checked by
// the contract's schema; the answer's secret is then shown once, with a copy button, and never again.
import { useState } from 'react';
import styled from 'styled-components';
import { API_TOKEN_MESSAGES, API_TOKEN_SCOPES, type ApiTokenScope, type CreateApiTokenInput } from '@tdk/api/contract/api-tokens';
import { Button, Dialog, Field, Input, getErrorMessage, useToast } from '@tdk/shared-ui';
import { Controller, applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { useCreateApiToken } from './queries';

const EMPTY: CreateApiTokenInput = { name: '', scopes: ['read'], expiresAt: '' };
const FIELDS = ['name', 'scopes', 'expiresAt'] as const;

/** What each scope lets a token do, as the form says it. */
export const SCOPE_LABELS: Readonly<Record<ApiTokenScope, string>> = {
  read: 'Read: events, orders, attendees and check-ins',
  write: "Write: change attendees' details",
  'check-in': 'Check-in: admit attendees at a gate',
};

export function CreateApiTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const create = useCreateApiToken();
  const form = useLazySchemaForm(() => import('./api-token-schema').then((m) => m.createApiTokenSchema), {
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);

  const close = () => {
    form.reset(EMPTY);
    setSecret(null);
    onClose();
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync({ ...input, expiresAt: input.expiresAt || undefined });
      setSecret({ name: created.apiToken.name, token: created.token });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS))
        toast({ title: 'Error', description: `Failed to create the token: ${getErrorMessage(error)}`, variant: 'destructive' });
    }
  });

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.token);
      toast({ title: 'Copied', description: 'The token is on your clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy: select the token and copy it yourself.', variant: 'destructive' });
    }
  };

  if (secret)
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Your new API token"
        description={`"${secret.name}" is ready.`}
        footer={<Button onClick={close}>Done</Button>}
      >
        <Warning role="status">{API_TOKEN_MESSAGES.shownOnce}</Warning>
        <Field label="API token" hint="Send it as Authorization: Bearer <token> to /api/v1.">
          <Secret readOnly value={secret.token} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        </Field>
        <Button variant="outline" onClick={() => void copy()}>
          Copy token
        </Button>
      </Dialog>
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create API token"
      description="A token lets your own software (a timing system, a CRM, a spreadsheet) read and change your organisation's data through the API."
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-api-token-form" loading={isSubmitting}>
            Create token
          </Button>
        </>
      }
    >
      <form id="create-api-token-form" onSubmit={submit} noValidate>
        <Field label="Name" required error={errors.name?.message} hint="What it is for, e.g. the timing company's software.">
          <Input {...form.register('name')} autoComplete="off" maxLength={100} />
        </Field>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => {
            const chosen = field.value ?? [];
            return (
              <Scopes aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}>
                <legend>Scopes</legend>
                {API_TOKEN_SCOPES.map((scope) => (
                  <label key={scope}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(scope)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...chosen, scope] : chosen.filter((s: string) => s !== scope))
                      }
                    />{' '}
                    {SCOPE_LABELS[scope]}
                  </label>
                ))}
                {errors.scopes && (
                  <ErrorText id="api-token-scopes-error" role="alert">
                    {errors.scopes.message}
                  </ErrorText>
                )}
              </Scopes>
            );
          }}
        />
        <Field label="Expires on" error={errors.expiresAt?.message} hint="Leave empty for a token that does not expire.">
          <Input type="date" {...form.register('expiresAt')} />
        </Field>
      </form>
    </Dialog>
  );
}

const Warning = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;

const Secret = styled(Input)`
  font-family: monospace;
`;

const Scopes = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  border: 0;
  padding: 0;
  margin: ${({ theme }) => theme.space.md} 0;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;
