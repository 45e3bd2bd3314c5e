// The organiser's contact links (decision 054): what a tap on its e-mail or phone opens.

/** A `tel:` link for a phone number as the organiser wrote it ('+91 98200 00000' → 'tel:+919820000000'); undefined when it has no digits. */
export function telHref(phone: string): string | undefined {
  const digits = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : undefined;
}

/** A `mailto:` link for an e-mail address; undefined when there is none. */
export function mailtoHref(email: string): string | undefined {
  const address = email.trim();
  return address.includes('@') ? `mailto:${address}` : undefined;
}
