// Postponing an event (decision 025): a new date and time, the last day buyers may cancel for a full
// refund in My bookings, and a reason; every paid order's buyer is e-mailed the new date.
import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { postponeEventSchema, type SportEvent } from '@tdk/api/contract';
import { Callout, ConfirmDialog, Field, Input, getErrorMessage, isApiError, useToast } from '@tdk/shared-ui';
import { fieldProblems } from './field-problems';
import { usePostponeEvent } from './queries';

type Input = { date: string; time: string; refundUntil: string; reason: string };

/** The form's messages, from the contract's schema (the server judges the same rules). */
const problemsOf = (input: Input) => fieldProblems(postponeEventSchema, input);

const EMPTY: Input = { date: '', time: '', refundUntil: '', reason: '' };

export function PostponeEventDialog({ event, onClose }: { event: SportEvent | null; onClose: () => void }) {
  const { toast } = useToast();
  const postpone = usePostponeEvent();
  const [input, setInput] = useState<Input>(EMPTY);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  // The event's present time is the new one's start until staff change it.
  const values = { ...input, time: input.time || event?.time || '' };
  const problems = { ...(tried ? problemsOf(values) : {}), ...serverProblems };
  const set = (field: keyof Input) => (e: ChangeEvent<HTMLInputElement>) => {
    setInput((current) => ({ ...current, [field]: e.target.value }));
    setServerProblems(({ [field]: _, ...rest }) => rest);
  };
  const close = () => {
    setInput(EMPTY);
    setServerProblems({});
    setTried(false);
    onClose();
  };

  const confirm = async () => {
    if (!event) return;
    setTried(true);
    setServerProblems({});
    if (Object.keys(problemsOf(values)).length > 0) return;
    try {
      const { buyersNotified } = await postpone.mutateAsync({ id: event.id, input: values });
      toast({
        title: 'Event postponed',
        description: `${buyersNotified} ${buyersNotified === 1 ? 'buyer is' : 'buyers are'} being e-mailed the new date.`,
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
      title="Postpone Event"
      message={event && `Move "${event.title}" to a new date?`}
      details={
        event && (
          <Form>
            <Callout tone="warning" title="Every buyer is told">
              Tickets stay valid for the new date. Each buyer gets an e-mail in their language with the new date, and may cancel
              in My bookings for a full refund until the day you set, whatever this event&apos;s cancellation policy says.
            </Callout>
            <Row>
              <Field label="New date" error={problems.date}>
                <Input type="date" value={values.date} onChange={set('date')} />
              </Field>
              <Field label="New time" error={problems.time}>
                <Input type="time" value={values.time} onChange={set('time')} />
              </Field>
            </Row>
            <Field label="Full refund until (last day)" error={problems.refundUntil}>
              <Input type="date" value={values.refundUntil} onChange={set('refundUntil')} />
            </Field>
            <Field label="Reason (shown to buyers)" error={problems.reason}>
              <Input value={values.reason} onChange={set('reason')} autoComplete="off" />
            </Field>
          </Form>
        )
      }
      confirmLabel="Postpone and tell buyers"
      cancelLabel="Keep the date"
      busy={postpone.isPending}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}

const Form = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  text-align: left;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;
