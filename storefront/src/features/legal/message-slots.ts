// A translated sentence with links inside it: the words around a link move with the language, so
// the message names where each link goes ({{terms}}) and the screen puts the link there.

const MARK = '\u0000';

/** The value to give a placeholder that a link will replace. */
export const slot = (name: string) => `${MARK}${name}${MARK}`;

export type MessagePart = { text: string } | { slot: string };

/** The message, made with `slot()` values, as its text and its slots in order. */
export function messageParts(message: string): MessagePart[] {
  return message
    .split(MARK)
    .map((part, index): MessagePart => (index % 2 === 1 ? { slot: part } : { text: part }))
    .filter((part) => !('text' in part) || part.text !== '');
}
