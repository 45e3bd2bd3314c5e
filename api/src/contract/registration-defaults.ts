// The checkout form's empty values, without zod: the event page holds the form from its first
// render, and loads the schemas (registration.ts) only when it first validates (decision 016).

/** The buyer, asked once. */
export const BUYER_FORM_DEFAULTS = { fullName: '', email: '', phone: '' } as const;

/** One attendee's empty form: nothing chosen for them (no default gender or size; issue 23). */
export const ATTENDEE_FORM_DEFAULTS = {
  fullName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  gender: '',
  emergencyContact: '',
  emergencyPhone: '',
  tshirtSize: '',
  bloodGroup: '',
  medicalConditions: '',
  experience: '',
} as const;
