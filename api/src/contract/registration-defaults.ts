// The registration form's empty values, without zod: the event page holds the form from its first
// render, and loads the schema (registration.ts) only when it first validates (decision 016).

/** The empty form with SPEC.md section 3 defaults. */
export const REGISTRATION_FORM_DEFAULTS = {
  fullName: '',
  email: '',
  phone: '',
  age: '',
  gender: 'male',
  emergencyContact: '',
  emergencyPhone: '',
  tshirtSize: 'M',
  bloodGroup: '',
  medicalConditions: '',
  experience: 'beginner',
} as const;
