// The contract's validation messages are keys of the 'validation' catalogue (i18n/*.json,
// decision 019), so one field error reads right in the form (shared-ui translates it in the page's
// language) and from the API (which answers in the request's). A key may carry its values:
// 'validation.maxChars?max=100'. A message that is not a key is shown as it is.

export const VALIDATION_NAMESPACE = 'validation';
const PREFIX = `${VALIDATION_NAMESPACE}.`;

/** A validation message key with its values, as a zod message. */
export function messageKey(key: string, values?: Record<string, string | number>): string {
  if (!values) return key;
  return `${key}?${new URLSearchParams(Object.entries(values).map(([name, value]): [string, string] => [name, String(value)])).toString()}`;
}

/** The key and values of a message written by messageKey, or undefined for any other text. */
export function parseMessageKey(message: string): { key: string; values: Record<string, string> } | undefined {
  if (!message.startsWith(PREFIX) || /\s/.test(message)) return undefined;
  const [key = '', query = ''] = message.split('?', 2);
  return { key, values: Object.fromEntries(new URLSearchParams(query)) };
}
