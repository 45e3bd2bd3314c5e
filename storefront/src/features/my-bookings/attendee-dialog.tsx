import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { MyAttendee, MyBooking } from '@tdk/api/contract';
import { Button, Dialog, getErrorMessage, isApiError, useToast } from '@tdk/shared-ui';
import { useBookingsT } from './i18n';
import { AttendeeSection } from '../registration/registration-form';
import { CHECKOUT_FORM_SELECTOR, useCheckoutForm } from '../registration/use-checkout-form';
import { ATTENDEE_KEY, asCheckoutFields, formValuesOf, slotOf } from './attendee-form-values';
import { useChangeAttendee } from './queries';

export type AttendeeDialogMode = 'change' | 'transfer';

/** The id the checkout form's focus rule looks in: the form carries checkout's test id. */
const FORM_TEST_ID = CHECKOUT_FORM_SELECTOR.replace(/^\[data-testid="(.+)"\]$/, '$1');

/**
 * Changing an attendee's details, or transferring their ticket to someone new, with checkout's own
 * attendee form and rules (their ticket type's category on the event day, the event's fields and
 * questions). A transfer asks for the new person's details whole; the ticket then gets a new number.
 */
export function AttendeeDialog({
  booking,
  attendee,
  mode,
  onClose,
}: {
  booking: MyBooking;
  attendee: MyAttendee;
  mode: AttendeeDialogMode;
  onClose: () => void;
}) {
  const t = useBookingsT();
  const { toast } = useToast();
  const slot = useMemo(() => slotOf(booking, attendee), [booking, attendee]);
  const slots = useMemo(() => [slot], [slot]);
  const checkout = useCheckoutForm(slots, {
    date: booking.eventDate,
    questions: booking.questions,
    participantFields: booking.participantFields,
    // A change to a registered attendee: consent and any guardian were given at registration.
    registers: false,
  });
  const change = useChangeAttendee();
  const [problem, setProblem] = useState<string | null>(null);
  const { form } = checkout;

  useEffect(() => {
    form.reset(formValuesOf(booking, attendee, mode) as never);
  }, [form, booking, attendee, mode]);

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      checkout.clearNotes();
      const participant = values.attendees[ATTENDEE_KEY]!;
      const answers = values.answers[ATTENDEE_KEY];
      try {
        await change.mutateAsync(
          mode === 'change'
            ? { mode, ticketNumber: attendee.ticketNumber, body: { participant, answers } }
            : {
                mode,
                ticketNumber: attendee.ticketNumber,
                body: { participant: { ...participant, email: participant.email ?? '' }, answers },
              },
        );
        toast({
          title: mode === 'change' ? t('bookings.changedTitle') : t('bookings.transferredTitle'),
          description: mode === 'change' ? t('bookings.changed') : t('bookings.transferred', { name: participant.fullName }),
          variant: 'success',
        });
        onClose();
      } catch (caught) {
        const fields = isApiError(caught) ? caught.fields : undefined;
        const { placed, unplaced } = checkout.applyServerErrors(asCheckoutFields(fields));
        if (!placed || unplaced.length > 0) setProblem(unplaced[0] ?? getErrorMessage(caught));
      }
    },
    () => checkout.focusFirstInvalid(),
  );

  const title =
    mode === 'change' ? t('bookings.changeTitle', { name: attendee.name }) : t('bookings.transferTitle', { name: attendee.name });
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={mode === 'change' ? t('bookings.changeIntro') : t('bookings.transferIntro')}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('bookings.cancelEdit')}
          </Button>
          <Button type="submit" form="my-bookings-attendee-form" loading={change.isPending}>
            {mode === 'change' ? t('bookings.saveChanges') : t('bookings.confirmTransfer')}
          </Button>
        </>
      }
    >
      <Form id="my-bookings-attendee-form" onSubmit={submit} noValidate data-testid={FORM_TEST_ID}>
        <AttendeeSection
          checkout={checkout}
          slot={slot}
          first
          alone
          heading={
            mode === 'change' ? t('bookings.attendeeHeading', { ticket: attendee.ticketName }) : t('bookings.newPersonHeading')
          }
        />
        {problem && (
          <Problem role="alert" tabIndex={-1} data-invalid-note>
            {problem}
          </Problem>
        )}
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Problem = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
