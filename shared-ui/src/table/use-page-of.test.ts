import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePageOf } from './use-page-of';

describe('usePageOf', () => {
  it('keeps the chosen page while the filters stay, and is on page 1 in the render that changes them', () => {
    const { result, rerender } = renderHook(({ search }) => usePageOf([search, 'date']), { initialProps: { search: '' } });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](4));
    expect(result.current[0]).toBe(4);
    rerender({ search: '' });
    expect(result.current[0]).toBe(4);
    rerender({ search: 'marathon' });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
  });
});
