import { REGISTRATION_FORM_DEFAULTS, type RegistrationForm, type RegistrationFormInput } from '@tdk/api/contract';
import type { Translate } from '@tdk/shared-ui';
import { useLazySchemaForm, type UseFormReturn, type ValidationText } from '@tdk/shared-ui/forms';

/**
 * The contract's registration schema (zod), fetched when the form first validates: the event page
 * draws and takes over without it (decision 016).
 */
export const loadRegistrationSchema = () =>
  import('@tdk/api/contract/registration').then((contract) => contract.registrationFormSchema);

type RegistrationSchema = Awaited<ReturnType<typeof loadRegistrationSchema>>;

/** What the form holds: every field a string, as inputs give them. */
export type RegistrationValues = { -readonly [K in keyof typeof REGISTRATION_FORM_DEFAULTS]: string };
export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export const emptyRegistration = (): RegistrationValues => ({ ...REGISTRATION_FORM_DEFAULTS });

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

/** The words a check speaks: the storefront's messages and the contract's field messages, in the page's language. */
export interface CheckWords {
  t: Translate;
  text: ValidationText;
}

const toastIn = ({ t }: CheckWords, toast: ToastMessage): ToastMessage => ({
  title: t(toast.title),
  description: t(toast.description),
});

export type RegistrationCheck =
  { ok: true; form: RegistrationForm } | { ok: false; toast: ToastMessage; errors: RegistrationErrors };

function fieldErrors(schema: RegistrationSchema, values: RegistrationValues, text: ValidationText): RegistrationErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: RegistrationErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof RegistrationValues | undefined;
    if (key && !errors[key]) errors[key] = text(issue.message);
  }
  return errors;
}

/**
 * SPEC.md section 5 in its order: full name, e-mail and phone present ('Missing information'),
 * then at least one ticket ('No tickets selected'), then every rule of registrationFormSchema.
 * Field errors come back in every failing case so the form can show them inline.
 */
export async function checkRegistration(
  values: RegistrationValues,
  ticketCount: number,
  words: CheckWords,
): Promise<RegistrationCheck> {
  const schema = await loadRegistrationSchema();
  const errors = fieldErrors(schema, values, words.text);
  if (!values.fullName.trim() || !values.email.trim() || !values.phone.trim()) {
    return { ok: false, toast: toastIn(words, MISSING_INFORMATION), errors };
  }
  if (ticketCount <= 0) return { ok: false, toast: toastIn(words, NO_TICKETS), errors };
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const first = Object.values(errors)[0] ?? words.t('form.checkFields');
    return { ok: false, toast: { title: words.t('form.checkTitle'), description: first }, errors };
  }
  return { ok: true, form: parsed.data };
}

export type RegistrationFormState = UseFormReturn<RegistrationFormInput, unknown, RegistrationForm>;

/** The registration form on the contract's schema: its rules and messages are the API's own. */
export const useRegistrationForm = (): RegistrationFormState =>
  useLazySchemaForm(loadRegistrationSchema, { defaultValues: { ...REGISTRATION_FORM_DEFAULTS } });

/** The participant fields of a create-order 400 (`participant.email` → `email`), for the form. */
export function participantFieldErrors(fields: Record<string, string> | undefined): RegistrationErrors {
  const errors: RegistrationErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const name = path.startsWith('participant.') ? path.slice('participant.'.length) : '';
    if (name in REGISTRATION_FORM_DEFAULTS) errors[name as keyof RegistrationValues] ??= message;
  }
  return errors;
}
