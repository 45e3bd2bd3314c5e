// The pre-queue's shuffle: the same seed draws the same order, another seed another, and over many
// seeds every item is equally likely in every place (a chi-squared test on the counts).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newShuffleSeed, seededShuffle, seededStream } from './waiting-room-shuffle';

describe('the seeded shuffle', () => {
  it('draws the same order again from its seed, and keeps every item once', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i + 1);
    const seed = newShuffleSeed();
    const first = seededShuffle(items, seed);
    expect(seededShuffle(items, seed)).toEqual(first);
    expect([...first].sort((a, b) => a - b)).toEqual(items);
    expect(first).not.toEqual(items);
    expect(seededShuffle(items, newShuffleSeed())).not.toEqual(first);
    // The input stays as it was.
    expect(items[0]).toBe(1);
  });

  it('is pinned for a known seed (an auditor re-draws with any HMAC-SHA256)', () => {
    // The stream is HMAC-SHA256(seed, "0"), HMAC-SHA256(seed, "1"), ... read as 32-bit big-endian words.
    const stream = seededStream('audit-seed');
    const block = createHmac('sha256', 'audit-seed').update('0').digest();
    for (let word = 0; word < 8; word++) expect(stream.next32()).toBe(block.readUInt32BE(word * 4));
    expect(stream.next32()).toBe(createHmac('sha256', 'audit-seed').update('1').digest().readUInt32BE(0));
  });

  it('puts every item in every place equally often over many seeds', () => {
    const n = 5;
    const runs = 20_000;
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let r = 0; r < runs; r++) {
      const order = seededShuffle([0, 1, 2, 3, 4], `uniformity-${r}`);
      order.forEach((item, place) => counts[item]![place]!++);
    }
    const expected = runs / n;
    let chi = 0;
    for (const row of counts) for (const c of row) chi += (c - expected) ** 2 / expected;
    // 25 cells, 16 degrees of freedom: the 99.9th percentile of chi-squared is 39.25.
    expect(chi).toBeLessThan(39.25);
    // Every one of the 120 orders of five appears, none far from its share.
    const orders = new Map<string, number>();
    for (let r = 0; r < runs; r++) {
      const key = seededShuffle([0, 1, 2, 3, 4], `orders-${r}`).join('');
      orders.set(key, (orders.get(key) ?? 0) + 1);
    }
    expect(orders.size).toBe(120);
    for (const count of orders.values()) expect(count).toBeGreaterThan(runs / 120 / 2);
  });

  it('draws below n without bias at the edges', () => {
    const stream = seededStream('edges');
    expect(stream.below(1)).toBe(0);
    for (let i = 0; i < 100; i++) expect(stream.below(3)).toBeLessThan(3);
    expect(() => stream.below(0)).toThrow(RangeError);
  });
});
