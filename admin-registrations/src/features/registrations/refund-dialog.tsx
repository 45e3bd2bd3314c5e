import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { AdminOrderResponse, RefundRequestInput } from '@tdk/api/contract';
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
import { defaultRefundAmount, refundableAttendees, refundStatusText } from './refund';
import { useRefundOrder } from './queries';

type Step = 'form' | 'confirm';

/**
 * Refund attendees of a booking (decision 022), for managers and admins: choose the attendees or
 * the whole booking, the amount (their prices by default, lowered for a partial refund) and a
 * reason; then confirm. Their tickets stop admitting at once and the buyer is e-mailed.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrderResponse | null; onClose: () => void }) {
  const { toast } = useToast();
  const refund = useRefundOrder();
  const [step, setStep] = useState<Step>('form');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useLazySchemaForm(() => import('./refund-schema').then((m) => m.refundRequestSchema));
  const { errors } = form.formState;
  const candidates = order ? refundableAttendees(order.attendees) : [];
  const chosen = form.watch('attendeeIds') ?? [];
  const amount = form.watch('amount');
  const whole = chosen === 'all';

  useEffect(() => {
    if (!order) return;
    setStep('form');
    setProblem(null);
    const start: RefundRequestInput['attendeeIds'] = refundableAttendees(order.attendees).length === 0 ? 'all' : [];
    form.reset({ attendeeIds: start, amount: defaultRefundAmount(order, start) || undefined, reason: '' });
  }, [form, order]);

  /** A new choice of attendees proposes their prices again. */
  const choose = (next: RefundRequestInput['attendeeIds']) => {
    if (!order) return;
    form.setValue('attendeeIds', next, { shouldValidate: form.formState.isSubmitted });
    form.setValue('amount', defaultRefundAmount(order, next) || undefined, { shouldValidate: form.formState.isSubmitted });
  };
  const toggle = (id: number, on: boolean) => {
    const ids = Array.isArray(chosen) ? chosen : [];
    choose(on ? [...ids, id] : ids.filter((other) => other !== id));
  };

  const review = form.handleSubmit((values) => {
    if (!order) return;
    if (values.amount !== undefined && values.amount > order.money.refundable) {
      form.setError(
        'amount',
        { type: 'max', message: `At most ${formatRupees(order.money.refundable)} is left to refund` },
        { shouldFocus: true },
      );
      return;
    }
    setProblem(null);
    setStep('confirm');
  });

  const confirm = async () => {
    if (!order) return;
    const values = form.getValues();
    try {
      const answer = await refund.mutateAsync({
        orderId: order.order.orderId,
        input: { attendeeIds: values.attendeeIds, amount: values.amount, reason: values.reason },
      });
      toast({
        title: 'Refund started',
        description: `${formatRupees(answer.refund.amount)} to ${order.order.buyer.name || order.order.buyer.email}: ${refundStatusText(answer.refund.status)}.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      setStep('form');
      if (applyServerErrors<RefundRequestInput>(error, form.setError, ['amount', 'reason', 'attendeeIds'])) return;
      setProblem(isApiError(error) ? getErrorMessage(error) : 'The refund could not be made. Please try again.');
    }
  };

  const names = whole
    ? candidates.length === 0
      ? 'the payment (no tickets were issued)'
      : `every attendee not yet refunded (${candidates.length})`
    : candidates
        .filter((a) => chosen.includes(a.id))
        .map((a) => attendeeName(a) || a.registrationNumber)
        .join(', ');

  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title="Refund"
      description={order?.order.bookingReference ?? order?.order.orderId}
      size="md"
      footer={
        step === 'form' ? (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="refund-form">
              Review refund
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setStep('form')} disabled={refund.isPending}>
              Back
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={refund.isPending}>
              Confirm refund
            </Button>
          </>
        )
      }
    >
      {order && step === 'form' && (
        <form id="refund-form" onSubmit={review} noValidate>
          {problem && (
            <Gap role="alert">
              <Callout tone="danger" title="Not refunded">
                {problem}
              </Callout>
            </Gap>
          )}
          <Figures>
            Paid {formatRupees(order.money.paid)} · refunded {formatRupees(order.money.refunded)}
            {order.money.due > 0 && ` · ${formatRupees(order.money.due)} on its way`} · {formatRupees(order.money.refundable)}{' '}
            left to refund
          </Figures>
          <Choices aria-describedby={errors.attendeeIds ? 'refund-attendees-error' : undefined}>
            <legend>Attendees</legend>
            {candidates.length === 0 ? (
              <p>No tickets were issued for this booking: the refund gives the payment back.</p>
            ) : (
              <>
                <label>
                  <input type="checkbox" checked={whole} onChange={(e) => choose(e.target.checked ? 'all' : [])} />
                  <span>Whole booking (every attendee not yet refunded)</span>
                </label>
                {candidates.map((a) => (
                  <label key={a.id}>
                    <input
                      type="checkbox"
                      checked={whole || chosen.includes(a.id)}
                      disabled={whole}
                      onChange={(e) => toggle(a.id, e.target.checked)}
                    />
                    <span>
                      {attendeeName(a) || 'Name missing'} · {a.ticketName} · {formatRupees(a.amount)} ·{' '}
                      <code>{a.registrationNumber}</code>
                    </span>
                  </label>
                ))}
              </>
            )}
            {errors.attendeeIds && (
              <ErrorText id="refund-attendees-error" role="alert">
                {errors.attendeeIds.message ?? 'Choose the attendees to refund'}
              </ErrorText>
            )}
          </Choices>
          <Field
            label="Amount (₹)"
            required
            error={errors.amount?.message}
            hint={`Their prices by default; lower it for a partial refund. Up to ${formatRupees(order.money.refundable)}.`}
          >
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
          <Field
            label="Reason"
            required
            error={errors.reason?.message}
            hint="Kept in the booking's history and the audit log; not sent to the buyer."
          >
            <Textarea rows={3} {...form.register('reason')} />
          </Field>
        </form>
      )}
      {order && step === 'confirm' && (
        <Callout tone="warning" title={`Refund ${formatRupees(Number(amount ?? 0))}?`}>
          <p>
            To {order.order.buyer.name || order.order.buyer.email}, for {names}. Their tickets stop admitting at once, their seats
            go back on sale, and the buyer is e-mailed. This cannot be undone.
          </p>
        </Callout>
      )}
    </Dialog>
  );
}

const Gap = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Figures = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Choices = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  legend {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    align-items: flex-start;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    overflow-wrap: anywhere;
  }
  input {
    margin-top: 3px;
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
