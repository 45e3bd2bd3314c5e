// GST inside a GST-inclusive price (decision 031): the taxable value and the tax add up to what was
// paid; within the state CGST and SGST are equal halves (issue 40).
import { describe, expect, it } from 'vitest';
import { splitTax } from './gst';

describe('splitTax', () => {
  it('makes CGST and SGST equal halves of one rate on one taxable value, the taxable value absorbing the rounding', () => {
    // Issue 40: a ₹719.10 ticket at 18% printed CGST ₹54.85 and SGST ₹54.84.
    const split = splitTax(71_910, 18, 'intra');
    expect(split.cgstPaise).toBe(split.sgstPaise);
    expect(split).toEqual({ taxablePaise: 60_940, cgstPaise: 5_485, sgstPaise: 5_485, igstPaise: 0 });
    expect(split.taxablePaise + split.cgstPaise + split.sgstPaise).toBe(71_910);
    // Each half is 9% of that taxable value, rounded.
    expect(Math.round(split.taxablePaise * 0.09)).toBe(split.cgstPaise);
  });

  it('holds for every price from ₹1 to ₹2,000 at 18%, 12% and 5%: equal halves, the sum the price', () => {
    for (const rate of [18, 12, 5]) {
      for (let paise = 100; paise <= 200_000; paise += 37) {
        const s = splitTax(paise, rate, 'intra');
        expect(s.cgstPaise).toBe(s.sgstPaise);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise).toBe(paise);
        expect(Math.abs(s.cgstPaise - (s.taxablePaise * rate) / 200)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('keeps IGST whole across states, and no tax without GST', () => {
    expect(splitTax(71_910, 18, 'inter')).toEqual({ taxablePaise: 60_941, cgstPaise: 0, sgstPaise: 0, igstPaise: 10_969 });
    expect(splitTax(71_910, 18, 'none')).toEqual({ taxablePaise: 71_910, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });
});
