import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { OfflineRefundRequestInput, Registration } from '@tdk/api/contract';
import {
  Button,
  Callout,
  Dialog,
  Field,
  Input,
  Textarea,
  formatRupees,
  getErrorMessage,
  isApiError,
  useToast,
} from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { attendeeName } from './attendee';
import { useRecordOfflineRefund } from './queries';

/** An attendee paid offline (cash at a desk, or a booking recorded without an online order): no provider can refund them. */
export const paidOffline = (registration: Registration) =>
  registration.paymentStatus === 'Paid' &&
  registration.amount > 0 &&
  (registration.orderId === null || registration.paymentMethod === 'Cash');

/**
 * Record an offline refund (decision 045), for managers and admins: the attendee was given their
 * money back by hand (cash, a bank transfer). No payment provider is asked; the refund is recorded
 * as made, their ticket stops admitting, and the buyer is e-mailed.
 */
export function OfflineRefundDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const { toast } = useToast();
  const record = useRecordOfflineRefund();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useLazySchemaForm(() => import('./refund-schema').then((m) => m.offlineRefundRequestSchema));
  const { errors } = form.formState;

  useEffect(() => {
    if (!registration) return;
    setProblem(null);
    form.reset({ amount: registration.amount, reason: '' });
  }, [form, registration]);

  const submit = form.handleSubmit(async (values) => {
    if (!registration) return;
    try {
      const answer = await record.mutateAsync({ id: registration.id, input: { amount: values.amount, reason: values.reason } });
      toast({
        title: 'Offline refund recorded',
        description: `${formatRupees(answer.refund.amount)} given back to ${attendeeName(registration) || registration.registrationNumber}.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (applyServerErrors<OfflineRefundRequestInput>(error, form.setError, ['amount', 'reason'])) return;
      setProblem(isApiError(error) ? getErrorMessage(error) : 'The refund could not be recorded. Please try again.');
    }
  });

  return (
    <Dialog
      open={registration !== null}
      onClose={onClose}
      title="Record offline refund"
      description={registration?.registrationNumber}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="offline-refund-form" variant="danger" loading={record.isPending}>
            Record refund
          </Button>
        </>
      }
    >
      {registration && (
        <form id="offline-refund-form" onSubmit={submit} noValidate>
          {problem && (
            <Gap role="alert">
              <Callout tone="danger" title="Not recorded">
                {problem}
              </Callout>
            </Gap>
          )}
          <Gap>
            <Callout tone="info" title="Paid offline">
              {attendeeName(registration) || registration.registrationNumber} paid {formatRupees(registration.amount)} offline
              {registration.paymentMethod ? ` (${registration.paymentMethod})` : ''}. Record the refund once the money has been
              given back: no payment provider is asked. Their ticket stops admitting and the buyer is e-mailed.
            </Callout>
          </Gap>
          <Field label="Amount (₹)" required error={errors.amount?.message} hint="What was given back; at most what they paid.">
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              {...form.register('amount', {
                setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
              })}
            />
          </Field>
          <Field label="Reason" required error={errors.reason?.message} hint="Kept in the audit log; not sent to the buyer.">
            <Textarea rows={3} {...form.register('reason')} />
          </Field>
        </form>
      )}
    </Dialog>
  );
}

const Gap = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;
