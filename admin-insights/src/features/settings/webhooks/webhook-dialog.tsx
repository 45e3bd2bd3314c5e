// "Add webhook endpoint" (issue 45, decision 064): a URL, an optional description and the events,
// checked by the contract's schema; the answer's signing secret is then shown once, with a copy
// button, and never again.
import { useState } from 'react';
import styled from 'styled-components';
import { WEBHOOK_EVENT_TYPES, type CreateWebhookInput, type WebhookEventType } from '@tdk/api/contract/webhooks';
import { Button, Dialog, Field, Input, getErrorMessage, useToast } from '@tdk/shared-ui';
import { Controller, applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { useCreateWebhook } from '../queries';
import { eventLabel, useWebhooksT } from './webhook-words';
import { SecretOnceDialog } from './webhook-secret';

const EMPTY: CreateWebhookInput = { url: '', events: ['order.paid'], description: '' };
const FIELDS = ['url', 'events', 'description'] as const;

export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useWebhooksT();
  const { toast } = useToast();
  const create = useCreateWebhook();
  const form = useLazySchemaForm(() => import('./webhook-schema').then((m) => m.createWebhookSchema), {
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  const close = () => {
    form.reset(EMPTY);
    setSecret(null);
    onClose();
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const created = await create.mutateAsync({ ...input, description: input.description || undefined });
      setSecret({ url: created.endpoint.url, secret: created.secret });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS))
        toast({
          title: t('errorTitle'),
          description: t('form.failed', { message: getErrorMessage(error) }),
          variant: 'destructive',
        });
    }
  });

  if (secret)
    return (
      <SecretOnceDialog
        open={open}
        onClose={close}
        title={t('secret.title')}
        description={t('secret.ready', { url: secret.url })}
        secret={secret.secret}
      />
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('form.title')}
      description={t('form.description')}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form="create-webhook-form" loading={isSubmitting}>
            {t('form.submit')}
          </Button>
        </>
      }
    >
      <form id="create-webhook-form" onSubmit={submit} noValidate>
        <Field label={t('form.url')} required error={errors.url?.message} hint={t('form.urlHint')}>
          <Input {...form.register('url')} type="url" inputMode="url" autoComplete="off" maxLength={2000} />
        </Field>
        <Field label={t('form.note')} error={errors.description?.message} hint={t('form.noteHint')}>
          <Input {...form.register('description')} autoComplete="off" maxLength={200} />
        </Field>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => {
            const chosen: WebhookEventType[] = field.value ?? [];
            return (
              <Events aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
                <legend>{t('form.events')}</legend>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <label key={type}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(type)}
                      onChange={(e) => field.onChange(e.target.checked ? [...chosen, type] : chosen.filter((c) => c !== type))}
                    />{' '}
                    {eventLabel(t, type)} <code>{type}</code>
                  </label>
                ))}
                {errors.events && (
                  <ErrorText id="webhook-events-error" role="alert">
                    {errors.events.message}
                  </ErrorText>
                )}
              </Events>
            );
          }}
        />
      </form>
    </Dialog>
  );
}

const Events = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  border: 0;
  padding: 0;
  margin: ${({ theme }) => theme.space.md} 0;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;
