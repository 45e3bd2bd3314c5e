import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { SportEvent } from '@tdk/api/contract';
import { useToast } from '@tdk/shared-ui';
import { useValidationText, useWatch, type ValidationText } from '@tdk/shared-ui/forms';
import { useCheckoutT } from '../checkout-messages/i18n';
import { loadCheckoutFlow, type CheckoutInput } from '../checkout/use-checkout';
import type { SelectionLine } from '../ticket-selection/quantity';
import { memberIdOf, type AttendeeSlot, type TeamPlace } from '../registration/attendee-slots';
import { guardianOf } from '../registration/guardian';
import { orderAmount, type SummaryRow } from '../registration/order-summary';
import type { QuotedSummary } from '../registration/quote-summary';
import { RegistrationFormView } from '../registration/registration-form';
import { useCheckoutForm, type ServerErrorsResult } from '../registration/use-checkout-form';
import { checkoutProblemToast, NO_TICKETS } from '../registration/validation';
import type { Ticket } from '@tdk/api/contract';

/** What the event page asks of the checkout form once it is there. */
export interface CheckoutFormHandle {
  /** Puts a create-order 400's fields on the right inputs (see useCheckoutForm). */
  applyServerErrors: (fields: Record<string, string>) => ServerErrorsResult;
  /** The buyer's e-mail as typed so far (a promo code's limit per e-mail is checked for it). */
  buyerEmail: () => string | undefined;
  /** A contract message (a key or words) in the page's language: the promo code's refusals. */
  validationText: ValidationText;
}

/** A waiting-list offer's buyer, filled in once per offer link. */
export interface CheckoutPrefill {
  token: string;
  name: string;
  email: string;
  phone: string;
}

export interface CheckoutFormHostProps {
  event: Pick<SportEvent, 'id' | 'title' | 'date' | 'questions' | 'participantFields' | 'healthReason' | 'organiser'>;
  slots: readonly AttendeeSlot[];
  lines: readonly SelectionLine[];
  /** The listed prices' summary, and the server's quote of it when it has answered. */
  rows: SummaryRow[];
  quoted: QuotedSummary | null;
  submitLabel: string;
  /** Above the fields: the offer's notice and the tickets chosen. */
  intro: ReactNode;
  prefill: CheckoutPrefill | null;
  /** What the order carries beyond the form: the privacy notice read, an offer's and a queue's tokens. */
  orderExtras: Pick<CheckoutInput, 'privacyNoticeVersion' | 'organiserNoticeVersion' | 'offerToken' | 'entryToken'>;
  /** Where the form is drawn (the Register tab's panel); null while another tab is open. */
  target: HTMLElement | null;
  handle: RefObject<CheckoutFormHandle | null>;
  onTeamNames: (names: Readonly<Record<string, unknown>>) => void;
  onAddMember: (team: TeamPlace, ticket: Ticket) => void;
  onRemoveMember: (slot: AttendeeSlot) => void;
  /** A valid form is sent: earlier messages go. */
  onSubmitStart: () => void;
  onCheckout: (input: CheckoutInput) => void;
}

/**
 * The event page's checkout form, fetched with its code (react-hook-form, the form's fields) when
 * the buyer first chooses a ticket or opens the Register tab, so that no page's first load carries
 * it (issue 26's budget, decision 019). It is mounted from then on, beside the page, and draws the
 * form into the Register tab's panel whenever that is open: what was typed survives a switch of tab.
 */
export function CheckoutFormHost({
  event,
  slots,
  lines,
  rows,
  quoted,
  submitLabel,
  intro,
  prefill,
  orderExtras,
  target,
  handle,
  onTeamNames,
  onAddMember,
  onRemoveMember,
  onSubmitStart,
  onCheckout,
}: CheckoutFormHostProps) {
  const t = useCheckoutT();
  const { toast } = useToast();
  const checkoutForm = useCheckoutForm(slots, {
    date: event.date,
    questions: event.questions,
    participantFields: event.participantFields,
    healthReason: event.healthReason,
    organiser: event.organiser,
  });
  const { form } = checkoutForm;
  // The form is drawn after its first effects have given every attendee their empty values (a
  // radio group registered before has no value at all).
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  // The payment flow's code, fetched while the buyer fills the form in (not with the page).
  useEffect(() => {
    // A failed fetch is tried again when the buyer pays, which says so if it fails then.
    loadCheckoutFlow().catch(() => undefined);
  }, []);

  const { applyServerErrors } = checkoutForm;
  const validationText = useValidationText();
  useEffect(() => {
    handle.current = { applyServerErrors, buyerEmail: () => form.getValues('buyer.email'), validationText };
  }, [handle, applyServerErrors, form, validationText]);
  useEffect(
    () => () => {
      handle.current = null;
    },
    [handle],
  );

  // The summary names each team as typed.
  const teamNames = useWatch({ control: form.control, name: 'teams' });
  useEffect(() => onTeamNames(teamNames ?? {}), [teamNames, onTeamNames]);

  // The offer fills in its buyer once.
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    if (!prefill || prefilled.current === prefill.token) return;
    prefilled.current = prefill.token;
    form.setValue('buyer.fullName', prefill.name);
    form.setValue('buyer.email', prefill.email);
    form.setValue('buyer.phone', prefill.phone);
  }, [prefill, form]);

  // The resolver marks the fields; SPEC.md section 5's toast says what to do first.
  const submit = form.handleSubmit(
    (values) => {
      if (slots.length === 0) {
        toast({ title: t(NO_TICKETS.title), description: t(NO_TICKETS.description), variant: 'destructive' });
        return;
      }
      // The previous attempt's messages are about a form that is now fine.
      onSubmitStart();
      checkoutForm.clearNotes();
      // The body lists the attendees in form order: the API's `attendees.{i}` is `slots[i]`.
      const attendees = slots.map((slot) => {
        const team = slot.team ? values.teams[slot.team.key] : undefined;
        return {
          ticketId: slot.ticket.id,
          participant: values.attendees[slot.key]!,
          answers: values.answers[slot.key],
          team: typeof team === 'string' ? team.trim() : undefined,
          // Only a child's (the rules asked for it): an adult's is not sent.
          guardian: guardianOf(values, slot.key, event.date),
        };
      });
      onCheckout({
        eventId: event.id,
        eventTitle: event.title,
        lines: [...lines],
        rows: quoted?.rows ?? rows,
        ...(quoted && quoted.discounts.length > 0 ? { discounts: quoted.discounts } : {}),
        // Only a code the quote of this very choice applied.
        ...(quoted?.promo ? { promo: quoted.promo } : {}),
        ...(quoted?.fee ? { fee: quoted.fee } : {}),
        // What create-order charges for these attendees and their teams, as named: the server's
        // quote of this very choice (its discounts), else the listed prices.
        total:
          quoted?.total ??
          orderAmount(
            attendees,
            lines.map((line) => line.ticket),
          ),
        buyer: values.buyer,
        ...(values.business ? { business: values.business } : {}),
        attendees,
        ...orderExtras,
      });
    },
    (errors) => {
      checkoutForm.clearNotes();
      toast({ ...checkoutProblemToast(form.getValues(), errors, slots, t), variant: 'destructive' });
      checkoutForm.focusFirstInvalid();
    },
  );

  if (!target || !started) return null;
  return createPortal(
    <RegistrationFormView
      checkout={checkoutForm}
      slots={slots}
      onSubmit={(formEvent) => void submit(formEvent)}
      submitLabel={submitLabel}
      onAddMember={onAddMember}
      onRemoveMember={(slot) => {
        if (!slot.team || memberIdOf(slot) === undefined) return;
        checkoutForm.forgetAttendee(slot.key);
        onRemoveMember(slot);
      }}
      intro={intro}
    />,
    target,
  );
}
