import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

function setup() {
  const footer = stubObserver();
  const { api } = renderWithPlatform(<DeferredNewsletterForm />, { api: { 'POST /api/newsletter': { pending: true } } });
  const box = () => screen.getByLabelText('Get new events in your inbox') as HTMLInputElement;
  const subscribe = () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  return { api, footer, box, subscribe };
}

/** The real form is there once its schema answers a bad address (the stand-in has no rules). */
async function realFormIsThere(box: () => HTMLInputElement, subscribe: () => void) {
  fireEvent.change(box(), { target: { value: 'not-an-email' } });
  subscribe();
  expect((await screen.findByRole('alert')).textContent).toBe('Invalid email format');
}

describe('DeferredNewsletterForm', () => {
  it('draws the box as the form will be, and fetches the form when the footer is near after the visitor has scrolled', async () => {
    const { footer, box, subscribe } = setup();
    // Label, e-mail box and button from the first paint.
    expect(box().getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();

    // A short page's footer is near at once: no form code while the visitor only reads.
    const standIn = box();
    act(() => footer.show());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(box()).toBe(standIn);

    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(box()).not.toBe(standIn));
    await realFormIsThere(box, subscribe);
  });

  it('takes over where the visitor was typing: the focus and the text kept', async () => {
    const { box } = setup();
    const standIn = box();
    act(() => standIn.focus());
    fireEvent.focus(standIn);
    fireEvent.change(standIn, { target: { value: 'fan@exam' } });
    await waitFor(() => expect(box()).not.toBe(standIn));
    expect(box().value).toBe('fan@exam');
    expect(document.activeElement).toBe(box());
  });

  it('sends what was submitted before the form code came, once it has', async () => {
    const { api, box, subscribe } = setup();
    fireEvent.change(box(), { target: { value: 'Fan@Example.com' } });
    subscribe();
    await waitFor(() => expect(screen.getByText('Check your inbox')).toBeTruthy());
    expect(api.calls('POST /api/newsletter').map((request) => request.body)).toEqual([
      { email: 'fan@example.com', language: 'en' },
    ]);
  });
});
