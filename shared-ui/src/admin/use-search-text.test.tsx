import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSearchText } from './use-search-text';

describe('useSearchText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends text of 3 characters or more after a pause, and says why shorter text is not sent', () => {
    const { result, rerender } = renderHook(({ typed }) => useSearchText(typed), { initialProps: { typed: '' } });
    expect(result.current).toEqual({ search: '', hint: null });
    rerender({ typed: ' as ' });
    expect(result.current).toEqual({ search: '', hint: 'Type at least 3 characters to search' });
    rerender({ typed: 'ash' });
    expect(result.current).toEqual({ search: '', hint: null });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.search).toBe('ash');
    // Back under 3 characters: the list goes back to every row.
    rerender({ typed: 'as' });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toEqual({ search: '', hint: 'Type at least 3 characters to search' });
  });
});
