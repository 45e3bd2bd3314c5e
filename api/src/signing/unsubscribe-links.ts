// Unsubscribe links of announcements (decision 072): /unsubscribe#t={organisationId}.{base64url
// e-mail}.{signature}. The signature is linkToken's HMAC under its own purpose (decision 043/048's
// way: nothing stored, not guessable), in the fragment so that no server or proxy logs it.
import type { Env } from '../env';
import { selfBaseUrl } from '../urls';
import { linkToken, verifyLinkToken, type KeyEnv } from './purpose-keys';

const normaliseEmail = (email: string) => email.trim().toLowerCase();

const unsubscribeSubject = (organisationId: number, email: string) => `${organisationId}:${normaliseEmail(email)}`;

export function unsubscribeToken(env: KeyEnv, organisationId: number, email: string): string {
  const address = Buffer.from(normaliseEmail(email)).toString('base64url');
  return `${organisationId}.${address}.${linkToken(env, 'tdk:unsubscribe:v1', unsubscribeSubject(organisationId, email))}`;
}

/** The page's address; opened in the recipient's language (`?lang=`, decision 019) when it is not English. */
export const unsubscribeUrl = (
  env: KeyEnv & Pick<Env, 'publicUrl' | 'port'>,
  organisationId: number,
  email: string,
  language: string = 'en',
) =>
  `${selfBaseUrl(env)}/unsubscribe${language === 'en' ? '' : `?lang=${encodeURIComponent(language)}`}#t=${unsubscribeToken(env, organisationId, email)}`;

/** The organisation and address a token names, when its signature holds. */
export function readUnsubscribeToken(env: KeyEnv, token: string): { organisationId: number; email: string } | undefined {
  const [org, address, signature] = token.split('.');
  if (!org || !address || !signature || !/^\d{1,12}$/.test(org)) return undefined;
  const organisationId = Number(org);
  const email = Buffer.from(address, 'base64url').toString('utf8');
  if (!email.includes('@')) return undefined;
  return verifyLinkToken(env, 'tdk:unsubscribe:v1', unsubscribeSubject(organisationId, email), signature)
    ? { organisationId, email: normaliseEmail(email) }
    : undefined;
}
