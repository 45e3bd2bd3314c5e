// Wakes the outbox worker when e-mails are queued, so a confirmation leaves within a second of the
// payment instead of waiting for the next poll (which stays as the fallback). Per database handle:
// the worker of this process listens; another process's worker still finds the rows by polling.
import { EventEmitter } from 'node:events';

const wakers = new WeakMap<object, EventEmitter>();

function waker(database: object): EventEmitter {
  let emitter = wakers.get(database);
  if (!emitter) {
    emitter = new EventEmitter();
    wakers.set(database, emitter);
  }
  return emitter;
}

/**
 * Says that rows were queued. Called inside the queuing transaction, it fires on the next turn of
 * the event loop, after the synchronous transaction has committed (or rolled back: then the worker
 * finds nothing, which costs one query).
 */
export function wakeOutbox(database: object): void {
  setImmediate(() => waker(database).emit('queued'));
}

/** Calls `listener` whenever rows are queued on this database; returns the unsubscribe. */
export function onOutboxQueued(database: object, listener: () => void): () => void {
  const emitter = waker(database);
  emitter.on('queued', listener);
  return () => emitter.off('queued', listener);
}
