import { describe, expect, it } from 'vitest';
import { perOrderProblem, saleWindowProblem } from './sale-rules';

describe('sale rules (decision 027)', () => {
  const general = { name: 'General', validFrom: '2026-11-01', validUntil: '2026-11-30' };

  it('sells inside the window, both days included, and says which end was missed', () => {
    expect(saleWindowProblem(general, '2026-11-01')).toBeUndefined();
    expect(saleWindowProblem(general, '2026-11-30')).toBeUndefined();
    expect(saleWindowProblem(general, '2026-10-31')).toBe('"General" is not on sale until 2026-11-01');
    expect(saleWindowProblem(general, '2026-12-01')).toBe('Sales of "General" ended on 2026-11-30');
    // Open ends, and stored instants read as their day.
    expect(saleWindowProblem({ name: 'Open', validFrom: null, validUntil: null }, '2030-01-01')).toBeUndefined();
    expect(saleWindowProblem({ ...general, validUntil: '2026-11-30T18:29:59.000Z' }, '2026-11-30')).toBeUndefined();
  });

  it("refuses more seats than the type's maximum per order", () => {
    expect(perOrderProblem({ name: 'General', maxPerOrder: 10 }, 10)).toBeUndefined();
    expect(perOrderProblem({ name: 'General', maxPerOrder: 10 }, 11)).toBe('At most 10 "General" tickets per order');
    expect(perOrderProblem({ name: 'Solo', maxPerOrder: 1 }, 2)).toBe('At most 1 "Solo" ticket per order');
  });
});
