// Where e-mail goes: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox/ (written
// by nodemailer's stream transport, so the files are exactly what SMTP would have carried).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { dataPaths } from '../db/client';
import type { Env } from '../env';

export interface OutgoingEmail {
  /** The platform's address; with a display name of its own when sent for an organisation (decision 056). */
  from: string | { name: string; address: string };
  replyTo?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per outbox row, so a retried SMTP send can be recognised by the receiving side. */
  messageId?: string;
}

export interface MailTransport {
  /** Resolves when the message is accepted; rejects with the reason otherwise. */
  send(message: OutgoingEmail): Promise<{ messageId?: string; file?: string }>;
  close?(): void;
}

export function createMailTransport(env: Pick<Env, 'mail' | 'dataDir'>): MailTransport {
  if (env.mail.smtpUrl) {
    const smtp = nodemailer.createTransport(env.mail.smtpUrl);
    return {
      async send(message) {
        const info = await smtp.sendMail(message);
        return { messageId: info.messageId };
      },
      close: () => smtp.close(),
    };
  }
  const dir = dataPaths(env.dataDir).outboxDir;
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await stream.sendMail(message);
      mkdirSync(dir, { recursive: true });
      const safeId = (message.messageId ?? info.messageId ?? 'message').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}

/**
 * Removes the .eml copies of these outbox rows from DATA_DIR/outbox (issue 40: an erasure erases
 * every copy). The file transport names each file after its row (`…-_outbox-{id}-…eml`).
 */
export function removeMailFiles(dataDir: string, outboxIds: readonly number[]): void {
  if (outboxIds.length === 0) return;
  const dir = dataPaths(dataDir).outboxDir;
  if (!existsSync(dir)) return;
  const ids = new Set(outboxIds.map(String));
  for (const name of readdirSync(dir)) {
    const id = /_outbox-(\d+)-/.exec(name)?.[1];
    if (id && ids.has(id)) rmSync(join(dir, name), { force: true });
  }
}
