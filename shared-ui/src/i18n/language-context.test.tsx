import { Suspense, startTransition, useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogues } from './catalogues';
import { LanguageProvider, useT } from './language-context';

// A form's shape: a hook of its own, then its messages, then more hooks (react-hook-form's).
function Form({ namespace }: { namespace: string }) {
  const [name] = useState('Asha');
  const t = useT(namespace);
  const submitted = useRef(false);
  return (
    <p>
      {t('greeting')} {name} {String(submitted.current)}
    </p>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useT', () => {
  it('draws a form whose messages arrive while it mounts in a transition, without an error', async () => {
    const namespace = `late-form-${Math.random()}`;
    let arrive!: () => void;
    const hindi = new Promise<{ greeting: string }>((resolve) => {
      arrive = () => resolve({ greeting: 'नमस्ते' });
    });
    registerCatalogues(namespace, { en: { greeting: 'Hello' }, hi: () => hindi, mr: async () => ({ greeting: 'नमस्कार' }) });
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const { rerender } = render(
      <LanguageProvider language="hi">
        <Suspense fallback={<p>loading</p>}>
          <p>empty</p>
        </Suspense>
      </LanguageProvider>,
    );
    await act(async () => {
      startTransition(() =>
        rerender(
          <LanguageProvider language="hi">
            <Suspense fallback={<p>loading</p>}>
              <Form namespace={namespace} />
            </Suspense>
          </LanguageProvider>,
        ),
      );
    });
    // The transition keeps the page as it was while the messages are fetched…
    expect(screen.getByText('empty')).toBeTruthy();
    await act(async () => {
      arrive();
      await hindi;
    });
    // …then draws the form in Hindi; React replayed it without "Update hook called on initial render".
    expect(await screen.findByText('नमस्ते Asha false')).toBeTruthy();
    expect(errors).toEqual([]);
  });
});
