// Staff password hashing: argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
import { randomInt } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm is a const enum in the typings, which isolated modules cannot inline; 2 is Argon2id.
const ARGON2ID = 2 as Options['algorithm'];
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// No look-alike characters (0/O, 1/l/I), because these passwords are read off a terminal.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
