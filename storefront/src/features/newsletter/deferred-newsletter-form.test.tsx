import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { DeferredNewsletterForm } from './deferred-newsletter-form';

/** An IntersectionObserver that reports through `show()`: the footer is far below until then. */
function stubObserver() {
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  return { show: () => report?.([{ isIntersecting: true }]) };
}

afterEach(() => vi.unstubAllGlobals());

describe('DeferredNewsletterForm', () => {
  it('says what the box is for before the footer is scrolled to, then the form takes its place', async () => {
    const footer = stubObserver();
    renderWithPlatform(<DeferredNewsletterForm />);
    expect(screen.getByText('Get new events in your inbox')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();

    act(() => footer.show());
    expect(await screen.findByLabelText('Get new events in your inbox')).toBeTruthy();
    expect(screen.getAllByText('Get new events in your inbox')).toHaveLength(1);
  });
});
