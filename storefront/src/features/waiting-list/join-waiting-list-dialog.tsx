import { useState } from 'react';
import styled from 'styled-components';
import { MAX_TICKETS_PER_LINE, type JoinWaitingListResponse, type Ticket } from '@tdk/api/contract';
import {
  Button,
  callApi,
  Dialog,
  Field,
  getErrorMessage,
  Input,
  isApiError,
  queryKeys,
  Select,
  useApiClient,
  useFormats,
  useLanguage,
  useToast,
} from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCheckoutT } from '../checkout-messages/i18n';
import { perOrderMaximum } from '../ticket-selection/quantity';
import type { joinWaitingListFormSchema } from './join-schema';

const FORM_FIELDS = ['fullName', 'email', 'phone', 'quantity'] as const;

export interface JoinWaitingListDialogProps {
  eventId: number;
  /** The sold-out ticket type; null when the dialog is closed. */
  ticket: (Pick<Ticket, 'id' | 'name'> & Partial<Pick<Ticket, 'maxPerOrder'>>) | null;
  onClose: () => void;
}

/** "Join the waiting list" of a sold-out ticket type: who, how to reach them, how many. */
export function JoinWaitingListDialog({ eventId, ticket, onClose }: JoinWaitingListDialogProps) {
  const t = useCheckoutT();
  const formats = useFormats();
  const { language } = useLanguage();
  const client = useApiClient();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [joined, setJoined] = useState<JoinWaitingListResponse | null>(null);
  const form = useLazySchemaForm<typeof joinWaitingListFormSchema>(
    () => import('./join-schema').then((m) => m.joinWaitingListFormSchema),
    { defaultValues: { fullName: '', email: '', phone: '', quantity: 1 } },
  );
  const join = useMutation({
    mutationFn: (json: Parameters<(typeof client.api.events)[':id']['waiting-list']['$post']>[0]['json']) =>
      callApi(client.api.events[':id']['waiting-list'].$post({ param: { id: String(eventId) }, json })),
  });
  const errors = form.formState.errors;

  const close = () => {
    setJoined(null);
    form.reset();
    join.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    if (!ticket) return;
    try {
      setJoined(await join.mutateAsync({ ...values, ticketId: ticket.id, language }));
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409) {
        // Seats came back on sale meanwhile: buy them instead (the list shows them again).
        toast({ title: t('waitingList.failed'), description: t('waitingList.onSale'), variant: 'destructive' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.public.events.tickets(eventId) });
        close();
        return;
      }
      if (!applyServerErrors(caught, form.setError, FORM_FIELDS)) {
        toast({ title: t('waitingList.failed'), description: getErrorMessage(caught), variant: 'destructive' });
      }
    }
  });

  const formId = `waiting-list-${ticket?.id ?? 'none'}`;
  return (
    <Dialog
      open={ticket !== null}
      onClose={close}
      title={joined ? t('waitingList.joinedTitle') : t('waitingList.title', { name: ticket?.name ?? '' })}
      description={joined ? undefined : t('waitingList.intro')}
      footer={
        joined ? (
          <Button onClick={close}>{t('waitingList.done')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              {t('waitingList.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={form.formState.isSubmitting}>
              {t('waitingList.submit')}
            </Button>
          </>
        )
      }
    >
      {joined ? (
        <Joined role="status" data-testid="waiting-list-joined">
          {t(joined.confirmed ? 'waitingList.joined' : 'waitingList.confirmSent', {
            place: formats.number(joined.place),
            count: joined.quantity,
            number: formats.number(joined.quantity),
            name: joined.ticketName,
          })}
        </Joined>
      ) : (
        <Form id={formId} onSubmit={(e) => void submit(e)} noValidate data-testid="waiting-list-form">
          <Field label={t('form.fullName')} required error={errors.fullName?.message}>
            <Input autoComplete="name" {...form.register('fullName')} />
          </Field>
          <Field label={t('form.email')} required error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <Field label={t('form.phone')} required error={errors.phone?.message} hint={t('form.phoneHint')}>
            <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('phone')} />
          </Field>
          <Field label={t('waitingList.quantity')} required error={errors.quantity?.message}>
            <Select {...form.register('quantity', { valueAsNumber: true })}>
              {Array.from({ length: Math.min(MAX_TICKETS_PER_LINE, perOrderMaximum(ticket ?? {})) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {formats.number(n)}
                </option>
              ))}
            </Select>
          </Field>
        </Form>
      )}
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Joined = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;
