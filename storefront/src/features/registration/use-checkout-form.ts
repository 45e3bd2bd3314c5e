import { useCallback, useEffect, useRef, useState } from 'react';
import { useLazySchemaForm, useValidationText } from '@tdk/shared-ui/forms';
import {
  COPY_FROM_FIRST_FIELDS,
  placeServerErrors,
  SAME_AS_BUYER_FIELDS,
  type AttendeeSlot,
  type CheckoutFieldName,
} from './attendee-slots';
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

export interface CheckoutForm {
  form: CheckoutFormState;
  /** The slot whose 'Same as buyer' is ticked; only the first attendee's counts. */
  sameAsBuyer: string | null;
  setSameAsBuyer: (slotKey: string, on: boolean) => void;
  /** Copies phone, emergency contact and emergency phone from the first attendee to `slotKey`. */
  copyFromFirst: (slotKey: string) => void;
  /** Messages of the API about an attendee as a whole (their ticket type, answers, team). */
  attendeeNotes: Record<string, string>;
  /** Puts a create-order 400's fields on the right inputs of the right attendees. */
  applyServerErrors: (fields: Record<string, string>) => ServerErrorsResult;
  /** Takes the keyboard (and the view) to the first invalid field, once it is drawn. */
  focusFirstInvalid: () => void;
  /** Forgets the API's notes of an earlier attempt. */
  clearNotes: () => void;
}

/**
 * The event page's checkout form: the buyer once, then one attendee per ticket (`slots`, in form
 * order), judged by the contract's rules and each attendee's ticket type on `eventDate`. The
 * rules (zod) arrive with the first validation.
 */
export function useCheckoutForm(slots: readonly AttendeeSlot[], eventDate: string): CheckoutForm {
  const text = useValidationText();
  // The resolver reads the attendees of the moment it runs, not of the render that made it.
  const current = useRef({ slots, eventDate });
  current.current = { slots, eventDate };
  const form = useLazySchemaForm(() => loadCheckoutSchema(current.current.slots, current.current.eventDate), {
    defaultValues: emptyCheckoutForm(),
    // The first invalid field in the page's order is focused here, not in the order fields registered.
    shouldFocusError: false,
  });
  // Each new attendee starts from the contract's empty form (zod-free), also when their fields are
  // not drawn yet (quantities changed on the Tickets tab); a returning one keeps what was typed.
  const slotKeys = slots.map((slot) => slot.key).join(' ');
  useEffect(() => {
    for (const key of slotKeys.split(' ').filter(Boolean)) {
      // The form's type is the schema's input, where a gender is already chosen; the empty form holds ''.
      if (form.getValues(`attendees.${key}`) === undefined) form.setValue(`attendees.${key}`, emptyAttendee() as never);
    }
  }, [form, slotKeys]);

  const [sameAsBuyer, setLinked] = useState<string | null>(null);
  const [attendeeNotes, setAttendeeNotes] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);

  const copy = useCallback(
    (
      to: string,
      from: Record<string, string | undefined> | undefined,
      fields: readonly ((typeof SAME_AS_BUYER_FIELDS)[number] | (typeof COPY_FROM_FIRST_FIELDS)[number])[],
    ) => {
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
      copy(slotKey, form.getValues(`attendees.${first.key}`), COPY_FROM_FIRST_FIELDS);
    },
    [copy, form],
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
      const placed = placeServerErrors(fields, current.current.slots);
      for (const { name, message } of placed.fields) {
        form.setError(name satisfies CheckoutFieldName, { type: 'server', message: text(message) });
      }
      setAttendeeNotes(Object.fromEntries(Object.entries(placed.attendeeNotes).map(([key, message]) => [key, text(message)])));
      const any = placed.fields.length > 0 || Object.keys(placed.attendeeNotes).length > 0;
      if (any) focusFirstInvalid();
      return { placed: any, unplaced: placed.unplaced.map(text) };
    },
    [form, text, focusFirstInvalid],
  );

  const clearNotes = useCallback(() => setAttendeeNotes({}), []);

  return { form, sameAsBuyer, setSameAsBuyer, copyFromFirst, attendeeNotes, applyServerErrors, focusFirstInvalid, clearNotes };
}
