import { describe, expect, it } from 'vitest';
import { describeChange, formatPercent } from './format';

describe('describeChange', () => {
  it('says which way a figure moved against the previous period', () => {
    expect(describeChange({ value: 150, previous: 100, changePercent: 50 }, 'previous 30 days')).toEqual({
      text: 'Up 50% on the previous 30 days',
      direction: 'up',
    });
    expect(describeChange({ value: 75, previous: 100, changePercent: -25 }, 'previous 30 days').text).toBe(
      'Down 25% on the previous 30 days',
    );
  });

  it('has no percentage from zero, and none at all for all time', () => {
    expect(describeChange({ value: 5, previous: 0, changePercent: null }, 'previous 90 days').text).toBe(
      'New since the previous 90 days (none then)',
    );
    expect(describeChange({ value: 0, previous: 0, changePercent: null }, 'previous 90 days').direction).toBe('flat');
    expect(describeChange({ value: 5, previous: null, changePercent: null }, null).text).toBe('All recorded data');
  });

  it('formats percents the Indian way', () => {
    expect(formatPercent(33.3)).toBe('33.3%');
    expect(formatPercent(null)).toBe('–');
  });
});
