import { useCallback, useEffect, useRef, useState } from 'react';
import type { SportEvent } from '@tdk/api/contract';
import { useLazySchemaForm, useValidationText } from '@tdk/shared-ui/forms';
import { useCheckoutT } from '../checkout-messages/i18n';
import {
  copiedFromFirst,
  placeServerErrors,
  SAME_AS_BUYER_FIELDS,
  type AttendeeField,
  type AttendeeSlot,
  type CheckoutFieldName,
} from './attendee-slots';
import { emptyAnswer, emptyAnswers } from './event-form';
import { emptyAttendee, emptyCheckoutForm, loadCheckoutSchema, type CheckoutFormState } from './validation';

/** The checkout form's root, where the first invalid field is looked for. */
export const CHECKOUT_FORM_SELECTOR = '[data-testid="registration-form"]';
/** An invalid input, or an attendee's message that belongs to no input (focusable, tabindex -1). */
const INVALID_SELECTOR = `${CHECKOUT_FORM_SELECTOR} [aria-invalid="true"], ${CHECKOUT_FORM_SELECTOR} [data-invalid-note]`;

/** What the API said of the order that no input of the form shows. */
export interface ServerErrorsResult {
  placed: boolean;
  unplaced: string[];
}

/** What the form needs of the event: its date (for eligibility), questions and built-in fields' modes. */
export type CheckoutEvent = Pick<SportEvent, 'date'> &
  Partial<Pick<SportEvent, 'questions' | 'participantFields' | 'healthReason' | 'organiser'>> & {
    /** false for My bookings' changes: no privacy notice box, no guardian (decision 030). */
    registers?: boolean;
  };

export interface CheckoutForm {
  form: CheckoutFormState;
  /** The event's choices for its built-in fields. */
  fieldModes: SportEvent['participantFields'] | undefined;
  /** The event's day: an attendee under 18 on it needs a guardian (decision 030). */
  eventDate: string;
  /** Why the event asks health details; '' for the standard words. */
  healthReason: string;
  /** The organisation that runs the event: the privacy notice names it as collecting the data (decision 055). */
  organiser: string;
  /** The event's organisation's Email Notifications (decision 056): whether confirmations and tickets are e-mailed. */
  emailNotifications: boolean;
  /** The event's organisation's retention period, which its privacy notice states (decision 056); undefined before it loads. */
  retentionDays: number | undefined;
  /** Whether the form registers: the privacy notice's box and a child's guardian are asked. */
  registers: boolean;
  /** The slot whose 'Same as buyer' is ticked; only the first attendee's counts. */
  sameAsBuyer: string | null;
  setSameAsBuyer: (slotKey: string, on: boolean) => void;
  /** Copies phone, emergency contact and emergency phone (those the event shows) from the first attendee to `slotKey`. */
  copyFromFirst: (slotKey: string) => void;
  /** Empties an attendee's form (a team's member removed), so that no one later takes their details. */
  forgetAttendee: (slotKey: string) => void;
  /** Messages of the API about an attendee as a whole (their ticket type, or what their form does not ask). */
  attendeeNotes: Record<string, string>;
  /** The API's word on the event itself (its capacity: 'This event has only 3 places left'). */
  eventProblem: string | null;
  /** Puts a create-order 400's fields on the right inputs of the right attendees. */
  applyServerErrors: (fields: Record<string, string>) => ServerErrorsResult;
  /** Takes the keyboard (and the view) to the first invalid field, once it is drawn. */
  focusFirstInvalid: () => void;
  /** Forgets the API's notes (and its word on the event) of an earlier attempt. */
  clearNotes: () => void;
}

/**
 * The event page's checkout form: the buyer once, then one attendee per ticket (`slots`, in form
 * order, a team's name before its members), judged by the contract's rules, each attendee's ticket
 * type on the event's date, and the event's own questions and built-in fields. The rules (zod)
 * arrive with the first validation.
 */
export function useCheckoutForm(slots: readonly AttendeeSlot[], event: CheckoutEvent): CheckoutForm {
  const text = useValidationText();
  const t = useCheckoutT();
  // The resolver reads the attendees of the moment it runs, not of the render that made it.
  const current = useRef({ slots, event, t });
  current.current = { slots, event, t };
  const form = useLazySchemaForm(
    () => {
      const now = current.current;
      return loadCheckoutSchema(now.slots, {
        date: now.event.date,
        questions: now.event.questions,
        participantFields: now.event.participantFields,
        registers: now.event.registers,
        duplicateTeamName: now.t('team.duplicateName'),
      });
    },
    {
      defaultValues: emptyCheckoutForm(),
      // The first invalid field in the page's order is focused here, not in the order fields registered.
      shouldFocusError: false,
    },
  );
  const [sameAsBuyer, setLinked] = useState<string | null>(null);
  const [attendeeNotes, setAttendeeNotes] = useState<Record<string, string>>({});
  const [eventProblem, setEventProblem] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // Each new attendee and team starts from an empty form (zod-free), also when their fields are not
  // drawn yet (quantities changed on the Tickets tab); a returning one keeps what was typed.
  const shape = slots.map((slot) => `${slot.key}:${slot.team?.key ?? ''}:${slot.questions.map((q) => q.id).join(',')}`).join(' ');
  useEffect(() => {
    for (const slot of current.current.slots) {
      // The form's type is the schema's input, where a gender is already chosen; the empty form holds ''.
      if (form.getValues(`attendees.${slot.key}`) === undefined) form.setValue(`attendees.${slot.key}`, emptyAttendee() as never);
      if (form.getValues(`answers.${slot.key}`) === undefined) form.setValue(`answers.${slot.key}`, emptyAnswers(slot.questions));
      for (const question of slot.questions) {
        if (form.getValues(`answers.${slot.key}.${question.id}`) === undefined) {
          form.setValue(`answers.${slot.key}.${question.id}`, emptyAnswer(question));
        }
      }
      if (slot.team && form.getValues(`teams.${slot.team.key}`) === undefined) form.setValue(`teams.${slot.team.key}`, '');
    }
  }, [form, shape]);

  const copy = useCallback(
    (to: string, from: Record<string, string | undefined> | undefined, fields: readonly AttendeeField[]) => {
      for (const field of fields) {
        form.setValue(`attendees.${to}.${field}`, from?.[field] ?? '', {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        });
      }
    },
    [form],
  );

  const setSameAsBuyer = useCallback(
    (slotKey: string, on: boolean) => {
      setLinked(on ? slotKey : null);
      if (on) copy(slotKey, form.getValues('buyer'), SAME_AS_BUYER_FIELDS);
    },
    [copy, form],
  );

  const copyFromFirst = useCallback(
    (slotKey: string) => {
      const first = current.current.slots[0];
      if (!first || first.key === slotKey) return;
      copy(slotKey, form.getValues(`attendees.${first.key}`), copiedFromFirst(current.current.event.participantFields));
    },
    [copy, form],
  );

  const forgetAttendee = useCallback(
    (slotKey: string) => {
      const slot = current.current.slots.find((s) => s.key === slotKey);
      form.setValue(`attendees.${slotKey}`, emptyAttendee() as never);
      form.setValue(`answers.${slotKey}`, emptyAnswers(slot?.questions ?? []));
      form.clearErrors([`attendees.${slotKey}`, `answers.${slotKey}`]);
      setLinked((linked) => (linked === slotKey ? null : linked));
    },
    [form],
  );

  const focusFirstInvalid = useCallback(() => setFocusRequest((n) => n + 1), []);
  useEffect(() => {
    if (focusRequest === 0) return;
    // The messages are drawn in this commit; the register tab's panel may take a frame or two.
    // It starts after a task, so that a payment dialog closed in the same commit has given focus
    // back to its opener first (it does so in a task of its own) and this comes last.
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const field = document.querySelector<HTMLElement>(INVALID_SELECTOR);
      if (field) {
        field.scrollIntoView?.({ block: 'center' });
        field.focus({ preventScroll: typeof field.scrollIntoView === 'function' });
      } else if ((tries += 1) < 10) frame = requestAnimationFrame(focus);
    };
    const task = setTimeout(focus, 0);
    return () => {
      clearTimeout(task);
      cancelAnimationFrame(frame);
    };
  }, [focusRequest]);

  const applyServerErrors = useCallback(
    (fields: Record<string, string>): ServerErrorsResult => {
      const placed = placeServerErrors(fields, current.current.slots, current.current.event.participantFields);
      for (const { name, message } of placed.fields) {
        form.setError(name satisfies CheckoutFieldName, { type: 'server', message: text(message) });
      }
      setAttendeeNotes(Object.fromEntries(Object.entries(placed.attendeeNotes).map(([key, message]) => [key, text(message)])));
      setEventProblem(placed.event === undefined ? null : text(placed.event));
      const any = placed.fields.length > 0 || Object.keys(placed.attendeeNotes).length > 0 || placed.event !== undefined;
      if (any) focusFirstInvalid();
      return { placed: any, unplaced: placed.unplaced.map(text) };
    },
    [form, text, focusFirstInvalid],
  );

  const clearNotes = useCallback(() => {
    setAttendeeNotes({});
    setEventProblem(null);
  }, []);

  return {
    form,
    fieldModes: event.participantFields,
    eventDate: event.date,
    healthReason: event.healthReason ?? '',
    organiser: event.organiser?.legalName ?? '',
    emailNotifications: event.organiser?.emailNotifications ?? true,
    retentionDays: event.organiser?.retentionDays,
    registers: event.registers !== false,
    sameAsBuyer,
    setSameAsBuyer,
    copyFromFirst,
    forgetAttendee,
    attendeeNotes,
    eventProblem,
    applyServerErrors,
    focusFirstInvalid,
    clearNotes,
  };
}
