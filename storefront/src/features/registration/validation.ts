import {
  REGISTRATION_FORM_DEFAULTS,
  registrationFormSchema,
  type RegistrationForm,
} from '@tdk/api/contract';

/** What the form holds: every field a string, as inputs give them. */
export type RegistrationValues = { -readonly [K in keyof typeof REGISTRATION_FORM_DEFAULTS]: string };
export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export const emptyRegistration = (): RegistrationValues => ({ ...REGISTRATION_FORM_DEFAULTS });

export interface ToastMessage {
  title: string;
  description: string;
}

export const MISSING_INFORMATION: ToastMessage = { title: 'Missing information', description: 'Please fill in all required fields' };
export const NO_TICKETS: ToastMessage = { title: 'No tickets selected', description: 'Please select at least one ticket to continue' };

export type RegistrationCheck =
  | { ok: true; form: RegistrationForm }
  | { ok: false; toast: ToastMessage; errors: RegistrationErrors };

function fieldErrors(values: RegistrationValues): RegistrationErrors {
  const result = registrationFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: RegistrationErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof RegistrationValues | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * SPEC.md section 5 in its order: full name, e-mail and phone present ('Missing information'),
 * then at least one ticket ('No tickets selected'), then every rule of registrationFormSchema.
 * Field errors come back in every failing case so the form can show them inline.
 */
export function checkRegistration(values: RegistrationValues, ticketCount: number): RegistrationCheck {
  const errors = fieldErrors(values);
  if (!values.fullName.trim() || !values.email.trim() || !values.phone.trim()) {
    return { ok: false, toast: MISSING_INFORMATION, errors };
  }
  if (ticketCount <= 0) return { ok: false, toast: NO_TICKETS, errors };
  const parsed = registrationFormSchema.safeParse(values);
  if (!parsed.success) {
    const first = Object.values(errors)[0] ?? 'Please check the highlighted fields';
    return { ok: false, toast: { title: 'Please check your details', description: first }, errors };
  }
  return { ok: true, form: parsed.data };
}
