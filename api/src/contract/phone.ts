// Indian phone numbers as people write them (issue 23): '+91 98765 43210', '098765 43210',
// '98765-43210', '(022) 2345 6789'. Stored and sent as E.164 ('+919876543210'). The national
// number is 10 digits and never starts with 0 (mobiles start 6-9; landlines carry their STD code).

const SEPARATORS = /[\s\-().]/g;

/** The E.164 form of an Indian number as typed, or undefined when it is not one. */
export function normalizeIndianPhone(value: string): string | undefined {
  const compact = value.trim().replace(SEPARATORS, '');
  let national: string | undefined;
  if (/^\+91\d{10}$/.test(compact)) national = compact.slice(3);
  else if (/^0091\d{10}$/.test(compact)) national = compact.slice(4);
  else if (/^91\d{10}$/.test(compact)) national = compact.slice(2);
  else if (/^0\d{10}$/.test(compact)) national = compact.slice(1);
  else if (/^\d{10}$/.test(compact)) national = compact;
  if (!national || national.startsWith('0')) return undefined;
  return `+91${national}`;
}

/** '+919876543210' → '+91 98765 43210', as the number is read aloud; anything else unchanged. */
export function formatIndianPhone(e164: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return match ? `+91 ${match[1]} ${match[2]}` : e164;
}
