// Cancelling an event (decision 025): staff choose full refunds or a fee kept per ticket, give a
// reason and type the title; the API marks it Cancelled and its job refunds every paid order. The
// progress panel follows the refunds and offers Retry on a failed one.
import { useState } from 'react';
import styled from 'styled-components';
import { cancelEventSchema, type SportEvent } from '@tdk/api/contract';
import {
  Button,
  Callout,
  ConfirmDialog,
  Dialog,
  Field,
  Input,
  formatRupees,
  getErrorMessage,
  isApiError,
  useToast,
} from '@tdk/shared-ui';
import { fieldProblems } from './field-problems';
import { useCancelEvent, useEventCancellation, useRetryCancellationRefund } from './queries';

type Refunds = 'full' | 'fee';

/** The form's messages, from the contract's schema (the server judges the same rules). */
const problemsOf = (input: { confirmTitle: string; fee: number; reason: string }) => fieldProblems(cancelEventSchema, input);

export function CancelEventDialog({ event, onClose }: { event: SportEvent | null; onClose: () => void }) {
  const { toast } = useToast();
  const cancel = useCancelEvent();
  const [refunds, setRefunds] = useState<Refunds>('full');
  const [fee, setFee] = useState('');
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const close = () => {
    setRefunds('full');
    setFee('');
    setReason('');
    setTyped('');
    setServerProblems({});
    setTried(false);
    onClose();
  };
  const input = { confirmTitle: typed, fee: refunds === 'full' ? 0 : fee.trim() === '' ? NaN : Number(fee), reason };
  const problems = { ...(tried ? problemsOf(input) : {}), ...serverProblems };

  const confirm = async () => {
    if (!event) return;
    setTried(true);
    setServerProblems({});
    if (Object.keys(problemsOf(input)).length > 0) return;
    try {
      const { cancellation } = await cancel.mutateAsync({ id: event.id, input });
      toast({
        title: 'Event cancelled',
        description: `${cancellation.orders} paid ${cancellation.orders === 1 ? 'order is' : 'orders are'} being refunded.`,
        variant: 'success',
      });
      close();
    } catch (error) {
      if (isApiError(error) && error.fields) setServerProblems(error.fields);
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <ConfirmDialog
      open={event !== null}
      title="Cancel Event"
      message={event && `Cancel "${event.title}"?`}
      details={
        event && (
          <Form>
            <Callout tone="danger" title="Every buyer is refunded and told">
              The event is marked Cancelled and can no longer be booked. Every paid order is refunded through the payment
              provider, each buyer gets an e-mail in their language, the waiting list ends and unpaid holds are released.
              Registrations, orders and payments are kept.
            </Callout>
            <fieldset>
              <legend>Refunds</legend>
              <label>
                <input type="radio" name="refunds" checked={refunds === 'full'} onChange={() => setRefunds('full')} /> Refund
                every attendee in full
              </label>
              <label>
                <input type="radio" name="refunds" checked={refunds === 'fee'} onChange={() => setRefunds('fee')} /> Keep a fee
                per ticket
              </label>
            </fieldset>
            {refunds === 'fee' && (
              <Field label="Fee kept per ticket (₹)" error={problems.fee}>
                <Input inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} autoComplete="off" />
              </Field>
            )}
            <Field label="Reason (shown to buyers)" error={problems.reason}>
              <Input value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
            </Field>
            <Field label={`Type the event's title to confirm: ${event.title}`} error={problems.confirmTitle}>
              <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </Field>
          </Form>
        )
      }
      confirmLabel="Cancel event and refund"
      cancelLabel="Keep event"
      confirmDisabled={typed.trim() !== event?.title.trim()}
      busy={cancel.isPending}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}

/** A cancelled event's refunds: how many are done, on their way, still to decide, and the failures with Retry. */
export function CancellationProgressDialog({ event, onClose }: { event: SportEvent | null; onClose: () => void }) {
  const { toast } = useToast();
  const query = useEventCancellation(event?.id ?? null);
  const retry = useRetryCancellationRefund();
  const c = query.data?.cancellation ?? null;
  const doRetry = async (refundId: number) => {
    if (!event) return;
    try {
      await retry.mutateAsync({ eventId: event.id, refundId });
      toast({ title: 'Refund sent again', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      title={`Refunds: ${event?.title ?? ''}`}
      size="lg"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query.isPending && <p>Loading…</p>}
      {c && (
        <Progress>
          <p>
            Cancelled by {c.cancelledBy}: {c.reason}
            {c.fee > 0 ? ` · fee kept ${formatRupees(c.fee)} per ticket` : ' · full refunds'}
          </p>
          <p data-testid="cancellation-progress">
            <strong>
              {c.refunded} of {c.orders} {c.orders === 1 ? 'order' : 'orders'} refunded
            </strong>
            {c.refunding > 0 && ` · ${c.refunding} on their way`}
            {c.toRefund > 0 && ` · ${c.toRefund} to refund`}
            {c.nothingToRefund > 0 && ` · ${c.nothingToRefund} already refunded before`}
          </p>
          {c.failures.length > 0 && (
            <Callout tone="danger" title={`${c.failures.length} ${c.failures.length === 1 ? 'refund' : 'refunds'} failed`}>
              <ul>
                {c.failures.map((f) => (
                  <li key={f.refundId}>
                    {f.bookingReference} · {f.customerName} ({f.customerEmail}) · {formatRupees(f.amount)} · {f.note}{' '}
                    <Button
                      size="sm"
                      aria-label={`Retry the refund of ${f.bookingReference}`}
                      disabled={retry.isPending}
                      onClick={() => void doRetry(f.refundId)}
                    >
                      Retry
                    </Button>
                  </li>
                ))}
              </ul>
            </Callout>
          )}
        </Progress>
      )}
      {query.data && !c && <p>This event is not cancelled.</p>}
    </Dialog>
  );
}

const Form = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
`;

const Progress = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-left: 18px;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
`;
