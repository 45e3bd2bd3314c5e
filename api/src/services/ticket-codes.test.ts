import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { parseTicketCode, signedTicketCode } from './ticket-codes';

const env = loadEnv({ SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!', NODE_ENV: 'test' });

describe('signed ticket codes', () => {
  it('reads back every code it signs, whatever characters its signature has', () => {
    for (let i = 0; i < 500; i++) {
      const number = `REG${(1_700_000_000_000 + i * 7919).toString(36).toUpperCase()}AB${i % 10}`;
      const code = signedTicketCode(env, number, i + 1);
      expect(parseTicketCode(env, code)).toEqual({ kind: 'signed', registrationNumber: number, eventId: i + 1 });
    }
  });

  it('calls a changed signature, number or event forged', () => {
    const code = signedTicketCode(env, 'REGABC123XY', 7);
    const signature = code.slice(-10);
    expect(parseTicketCode(env, `TDK-REGABC123XY-8-${signature}`)).toEqual({ kind: 'forged' });
    expect(parseTicketCode(env, `TDK-REGABC123XZ-7-${signature}`)).toEqual({ kind: 'forged' });
    expect(parseTicketCode(env, code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A'))).toEqual({ kind: 'forged' });
    expect(
      parseTicketCode(loadEnv({ SESSION_SECRET: 'another-secret-of-at-least-32-characters', NODE_ENV: 'test' }), code),
    ).toEqual({ kind: 'forged' });
    expect(parseTicketCode(env, 'TDK-REGABC123XY-7-short')).toEqual({ kind: 'forged' });
  });

  it('takes a printed code or a bare registration number as typed, for the database to judge', () => {
    expect(parseTicketCode(env, 'TDK-REGABC123XY-7')).toEqual({ kind: 'typed', registrationNumber: 'REGABC123XY' });
    expect(parseTicketCode(env, ' regabc123xy ')).toEqual({ kind: 'typed', registrationNumber: 'REGABC123XY' });
  });
});
