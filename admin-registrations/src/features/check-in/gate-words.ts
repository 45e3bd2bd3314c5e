// The gate screen's messages (namespace 'gate', decision 019): the screen speaks the language set
// on it, and so do the answers it shows, the offline judge's and the server's, which come in English.
import { CHECK_IN_REFUSALS, KIT_AUTHORISATION_REFUSALS } from '@tdk/api/contract';
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';
import en from './i18n/en.json';
import { NO_LIST_MESSAGE } from './use-gate';

registerCatalogues('gate', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-gate-hi" */ './i18n/hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-gate-mr" */ './i18n/mr.json'),
});

export const useGateT = (): Translate => useT('gate');

const REFUSAL_KEYS: Readonly<Record<keyof typeof CHECK_IN_REFUSALS, string>> = {
  forged: 'refusal.forged',
  unknown: 'refusal.unknown',
  transferred: 'refusal.transferred',
  group: 'refusal.group',
  cancelled: 'refusal.cancelled',
  refunded: 'refusal.refunded',
  unpaid: 'refusal.unpaid',
  otherEvent: 'refusal.otherEvent',
  notToday: 'refusal.notToday',
  notOnList: 'refusal.notOnList',
  kitAfterEvent: 'refusal.kitAfterEvent',
  noSuchList: 'refusal.noSuchList',
  future: 'refusal.future',
  beforeList: 'refusal.beforeList',
  stale: 'refusal.stale',
};
const KIT_REFUSAL_KEYS: Readonly<Record<keyof typeof KIT_AUTHORISATION_REFUSALS, string>> = {
  otherList: 'refusal.kitAuthorisationOtherList',
  withdrawn: 'refusal.kitAuthorisationWithdrawn',
  used: 'refusal.kitAuthorisationUsed',
  offline: 'refusal.kitAuthorisationOffline',
};
const KNOWN = new Map<string, string>([
  ...Object.entries(CHECK_IN_REFUSALS).map(
    ([name, text]) => [text, REFUSAL_KEYS[name as keyof typeof CHECK_IN_REFUSALS]] as const,
  ),
  ...Object.entries(KIT_AUTHORISATION_REFUSALS).map(
    ([name, text]) => [text, KIT_REFUSAL_KEYS[name as keyof typeof KIT_AUTHORISATION_REFUSALS]] as const,
  ),
  [NO_LIST_MESSAGE, 'gate.noList'],
]);
/** The contract's alreadyCheckedInMessage: 'Already checked in at 10:42 am by Gate 2'. */
const ALREADY = /^Already checked in at (.+?)(?: by (.+))?$/;

/**
 * An answer's message in the gate's language: a refusal or duplicate the platform knows, in its
 * words; anything else (a message we do not know) as it came.
 */
export function gateMessage(t: Translate, message: string): string {
  const key = KNOWN.get(message);
  if (key) return t(key);
  const already = ALREADY.exec(message);
  if (already)
    return already[2] ? t('gate.alreadyAtBy', { time: already[1], gate: already[2] }) : t('gate.alreadyAt', { time: already[1] });
  return message;
}
