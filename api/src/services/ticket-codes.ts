// The ticket's QR value (DESIGN.md section 5): TDK-{registrationNumber}-{eventId}-{signature}. The
// signature is an HMAC under a key derived from the session secret, so a code the platform did not
// issue never checks in, and the gate needs no network to tell a forgery (a device that has synced
// the event's list checks the rest). Ten base64url characters: 60 bits, far beyond guessing at a gate.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_CODE_PREFIX, ticketCodeShape } from '../contract';
import { purposeKey, type KeyEnv as CodeEnv } from '../signing/purpose-keys';

const SIGNATURE_LENGTH = 10;
const unsignedCode = (registrationNumber: string, eventId: number) => `${TICKET_CODE_PREFIX}-${registrationNumber}-${eventId}`;
const signatureOf = (env: CodeEnv, unsigned: string) =>
  createHmac('sha256', purposeKey(env, 'tdk:ticket-code:v1')).update(unsigned).digest('base64url').slice(0, SIGNATURE_LENGTH);

/** The signed QR value of a registration. */
export function signedTicketCode(env: CodeEnv, registrationNumber: string, eventId: number): string {
  const unsigned = unsignedCode(registrationNumber, eventId);
  return `${unsigned}-${signatureOf(env, unsigned)}`;
}

export type ParsedTicketCode =
  | { kind: 'signed'; registrationNumber: string; eventId: number }
  | { kind: 'forged' }
  | { kind: 'typed'; registrationNumber: string };

/**
 * What a scanned or typed code names. A full QR value must carry a valid signature ('forged'
 * otherwise); a bare registration number, or the printed TDK-{number}-{event} code, is 'typed': staff
 * read it off the ticket, and the database decides.
 */
export function parseTicketCode(env: CodeEnv, code: string): ParsedTicketCode {
  const shape = ticketCodeShape(code);
  if (shape.kind === 'malformed') return { kind: 'forged' };
  if (shape.kind === 'typed') return shape;
  const expected = Buffer.from(signatureOf(env, shape.unsigned));
  const given = Buffer.from(shape.signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { kind: 'signed', registrationNumber: shape.registrationNumber, eventId: shape.eventId }
    : { kind: 'forged' };
}
