// What the waiting page says for a status (decision 032): pure, so it is tested alone. The page
// polls with jitter: each browser asks again after the server's hint, give or take a fifth, so a
// crowd's requests spread out instead of arriving together.
import type { QueueStatusResponse } from '@tdk/api/contract';

/** The server's hint, with ±20% jitter (random in [0, 1) given for tests). */
export const nextPollMs = (status: Pick<QueueStatusResponse, 'retryAfterMs'> | undefined, random = Math.random()): number => {
  const base = status?.retryAfterMs ?? 5_000;
  return Math.round(base * (0.8 + 0.4 * random));
};

export type QueueStage =
  | { kind: 'none' }
  | { kind: 'countdown'; onSaleAt: string; inLine: number; joined: boolean }
  | { kind: 'join'; inLine: number; seatsLeft: number; paused: boolean }
  | { kind: 'opening' }
  | { kind: 'waiting'; position: number; ahead: number; minutes: number | null; seatsLeft: number; paused: boolean }
  | { kind: 'turn'; expiresAt: string }
  | { kind: 'expired' }
  | { kind: 'bought' }
  | { kind: 'sold_out'; final: boolean };

/** Where the browser stands, as the page shows it. */
export function queueStage(status: QueueStatusResponse | undefined, now = Date.now()): QueueStage {
  if (!status || status.state === 'off') return { kind: 'none' };
  if (status.place === 'bought') return { kind: 'bought' };
  if ((status.place === 'admitted' || status.place === 'in_checkout') && status.entryToken && status.entryExpiresAt) {
    return { kind: 'turn', expiresAt: status.entryExpiresAt };
  }
  if (status.place === 'expired') return { kind: 'expired' };
  if (status.state === 'closed') return { kind: 'sold_out', final: true };
  if (status.state === 'sold_out') return { kind: 'sold_out', final: false };
  if (status.state === 'before') {
    if (status.onSaleAt && Date.parse(status.onSaleAt) <= now) return { kind: 'opening' };
    return { kind: 'countdown', onSaleAt: status.onSaleAt ?? '', inLine: status.inLine, joined: status.place === 'waiting' };
  }
  // A fresh browser while the line moves: not in it yet, so it is offered to join (never "no queue").
  if (status.place === 'none') {
    return { kind: 'join', inLine: status.inLine, seatsLeft: status.seatsLeft, paused: status.state === 'paused' };
  }
  if (status.place === 'waiting' && status.position !== null) {
    return {
      kind: 'waiting',
      position: status.position,
      ahead: status.ahead ?? status.position - 1,
      minutes: status.estimatedWaitMinutes,
      seatsLeft: status.seatsLeft,
      paused: status.state === 'paused',
    };
  }
  if (status.place === 'waiting') return { kind: 'opening' };
  return { kind: 'none' };
}

/** Days, hours, minutes and seconds to `target` (never negative). */
export function countdownParts(target: string, now = Date.now()) {
  let seconds = Math.max(0, Math.floor((Date.parse(target) - now) / 1000));
  const days = Math.floor(seconds / 86_400);
  seconds -= days * 86_400;
  const hours = Math.floor(seconds / 3_600);
  seconds -= hours * 3_600;
  const minutes = Math.floor(seconds / 60);
  return { days, hours, minutes, seconds: seconds - minutes * 60 };
}
