// ASVS 5.0 section 6.2: staff passwords are checked against a list of common passwords. The list is
// zxcvbn-ts's (about 49,000 passwords seen in breaches); only entries the length rule lets through
// matter, so only those are kept in memory. Server-side only: the list is too large for a form.
import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_STAFF_PASSWORD_LENGTH } from '../contract';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const words = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    common = new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= MIN_STAFF_PASSWORD_LENGTH));
  }
  return common;
}

/** A password on the list (any case), or one character repeated. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords().has(lower) || /^(.)\1*$/.test(password);
}
