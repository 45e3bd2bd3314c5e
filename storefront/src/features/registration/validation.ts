import { ATTENDEE_FORM_DEFAULTS, BUYER_FORM_DEFAULTS } from '@tdk/api/contract';
import type { Translate } from '@tdk/shared-ui';
import type { FieldErrors, useLazySchemaForm, UseFormReturn } from '@tdk/shared-ui/forms';
import type { AttendeeField, AttendeeSlot, BuyerField } from './attendee-slots';
import type { CheckoutFormSchema, EventRules, SlotRule } from './checkout-schema';

export type { EventRules } from './checkout-schema';

/**
 * The checkout form's schema (zod and the contract's rules) for the attendees picked now, fetched
 * when the form validates: the event page draws and takes over without it (decision 016). The
 * module is fetched once; the schema is built for each validation, as the attendees may have changed.
 */
export const loadCheckoutSchema = (slots: readonly SlotRule[], event: EventRules): Promise<CheckoutFormSchema> =>
  import('./checkout-schema').then((rules) => rules.checkoutFormSchema(slots, event));

export type CheckoutFormState = ReturnType<typeof useLazySchemaForm<CheckoutFormSchema>>;
/** What the form holds: every field a string as inputs give them, an answer also a ticked box or the boxes ticked. */
export type CheckoutFormValues = CheckoutFormState extends UseFormReturn<infer Values, unknown, unknown> ? Values : never;

/** One attendee's empty form: nothing chosen for them (decision 016: no zod for the first screen). */
export const emptyAttendee = (): Record<AttendeeField, string> => ({ ...ATTENDEE_FORM_DEFAULTS });

/** The form's values before anyone types: the buyer's fields; each attendee's and team's come with their form. */
export const emptyCheckoutForm = () => ({
  buyer: { ...BUYER_FORM_DEFAULTS },
  attendees: {},
  answers: {},
  teams: {},
  guardians: {},
  privacyConsent: false,
});

export interface ToastMessage {
  title: string;
  description: string;
}

/** SPEC.md section 5's toasts, as the storefront catalogue's keys. */
export const MISSING_INFORMATION: ToastMessage = {
  title: 'form.missingTitle',
  description: 'form.missingDescription',
};
export const NO_TICKETS: ToastMessage = {
  title: 'form.noTicketsTitle',
  description: 'form.noTicketsDescription',
};

const BUYER_FIELDS = Object.keys(BUYER_FORM_DEFAULTS) as BuyerField[];
const ATTENDEE_FIELDS = Object.keys(ATTENDEE_FORM_DEFAULTS) as AttendeeField[];

/**
 * The first field error in the order the form shows its fields: the buyer's, then each attendee's
 * (a team's name before its first member), their built-in fields before their answers.
 */
export function firstErrorMessage(
  errors: FieldErrors<CheckoutFormValues>,
  slots: readonly (Pick<AttendeeSlot, 'key' | 'team'> & { questions?: readonly { id: string }[] })[],
): string | undefined {
  for (const field of BUYER_FIELDS) {
    const message = errors.buyer?.[field]?.message;
    if (message) return message;
  }
  for (const slot of slots) {
    const team = slot.team && errors.teams?.[slot.team.key]?.message;
    if (team) return team;
    const attendee = errors.attendees?.[slot.key];
    for (const field of ATTENDEE_FIELDS) {
      const message = attendee?.[field]?.message;
      if (message) return message;
    }
    const answers = errors.answers?.[slot.key];
    for (const question of slot.questions ?? []) {
      const message = answers?.[question.id]?.message;
      if (message) return message;
    }
  }
  return undefined;
}

/**
 * SPEC.md section 5's toast for a form that cannot be sent, in its order: the buyer's name,
 * e-mail and phone present ('Missing information'), then at least one ticket ('No tickets
 * selected'), then the first field the rules refused. The fields show their own messages.
 */
export function checkoutProblemToast(
  { buyer }: { buyer?: Partial<Record<BuyerField, string>> },
  errors: FieldErrors<CheckoutFormValues>,
  slots: Parameters<typeof firstErrorMessage>[1],
  t: Translate,
): ToastMessage {
  const blank = (value: string | undefined) => !value?.trim();
  if (blank(buyer?.fullName) || blank(buyer?.email) || blank(buyer?.phone)) {
    return { title: t(MISSING_INFORMATION.title), description: t(MISSING_INFORMATION.description) };
  }
  if (slots.length === 0) return { title: t(NO_TICKETS.title), description: t(NO_TICKETS.description) };
  return { title: t('form.checkTitle'), description: firstErrorMessage(errors, slots) ?? t('form.checkFields') };
}
