// The pre-queue's fair shuffle (decision 032): at the on-sale time everyone in the pre-queue is put
// in a uniformly random order, drawn from a seed that is recorded, so anyone holding the seed and
// the pre-queue in arrival order can draw the same order again. The random stream is HMAC-SHA256 of
// the seed over a counter; each index is drawn by rejection sampling (no modulo bias) and the
// order by Fisher-Yates, so every order is equally likely.
import { createHmac, randomBytes } from 'node:crypto';

/** A new seed: 32 random bytes, hex. */
export const newShuffleSeed = () => randomBytes(32).toString('hex');

/** A reproducible stream of uniform 32-bit integers from `seed`. */
export function seededStream(seed: string): { next32(): number; below(n: number): number } {
  let counter = 0;
  let block = Buffer.alloc(0);
  let at = 0;
  const next32 = () => {
    if (at + 4 > block.length) {
      block = createHmac('sha256', seed).update(String(counter++)).digest();
      at = 0;
    }
    const value = block.readUInt32BE(at);
    at += 4;
    return value;
  };
  return {
    next32,
    /** A uniform integer in [0, n), for n up to 2^32. */
    below(n: number) {
      if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`Cannot draw below ${n}`);
      // The largest multiple of n that fits in 2^32: values at or above it are drawn again.
      const limit = 2 ** 32 - (2 ** 32 % n);
      for (;;) {
        const value = next32();
        if (value < limit) return value % n;
      }
    },
  };
}

/** `items` in the order the seed draws (Fisher-Yates); the input is not changed. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const stream = seededStream(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = stream.below(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
