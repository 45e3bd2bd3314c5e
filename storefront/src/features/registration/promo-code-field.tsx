// The Booking Summary's promo code (issue 25): 'Have a promo code?' opens a field and Apply; the
// server's quote says what the code changes (its own line, the total and the GST), or why it is
// refused (its message on the field). Applied, the code is named with a Remove. Nothing here
// judges a code: the quote does, with the rules create-order charges by.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Field, Input } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';

/** The longest code the field takes (the contract's own limit is checked by the server). */
export const PROMO_CODE_MAX_LENGTH = 40;

export interface PromoCodeFieldProps {
  /** The code the quote priced the order with, as the server spells it; null without one. */
  applied: string | null;
  /** The refusal of the code last tried, in words; shown on the field. */
  problem: string | null;
  /** A code is being checked by the quote. */
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

export function PromoCodeField({ applied, problem, checking, onApply, onRemove }: PromoCodeFieldProps) {
  const t = useStorefrontT();
  const regionId = useId();
  const [open, setOpen] = useState(problem !== null);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const appliedNote = useRef<HTMLSpanElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Where the keyboard goes next: into the field once opened (or refused), to the applied code's
  // words once the code typed here is applied, back to the link once a code is removed.
  const [focus, setFocus] = useState<'input' | 'toggle' | 'applied' | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // The target may be drawn a render later (the summary follows the quote): wait for it.
    const target = { input, toggle, applied: appliedNote }[focus ?? 'input'].current;
    if (!focus || !target) return;
    if (focus === 'input' && problem && form.current?.scrollIntoView) {
      // A refusal is read under the field: on a phone the fixed booking bar covers the bottom of the
      // screen, so the field and its message are brought to the middle before the keyboard goes in.
      form.current.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
    } else {
      target.focus();
    }
    // Unless the buyer has asked for another move meanwhile.
    setFocus((now) => (now === focus ? null : now));
  }, [focus, applied, open, problem]);
  useEffect(() => {
    if (problem) {
      asked.current = false;
      setOpen(true);
      setFocus('input');
    }
  }, [problem]);
  useEffect(() => {
    if (!applied) return;
    setTyped('');
    if (asked.current) setFocus('applied');
    asked.current = false;
  }, [applied]);

  if (applied) {
    return (
      <Applied data-testid="promo-applied">
        <span ref={appliedNote} role="status" tabIndex={-1}>
          {t('promo.applied', { code: applied })}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={t('promo.removeNamed', { code: applied })}
          onClick={() => {
            setOpen(false);
            setFocus('toggle');
            onRemove();
          }}
        >
          {t('promo.remove')}
        </Button>
      </Applied>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = typed.trim();
    if (!code || checking) {
      input.current?.focus();
      return;
    }
    asked.current = true;
    onApply(code);
  };

  return (
    <Root>
      <Button
        ref={toggle}
        type="button"
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => {
          setOpen(!open);
          if (!open) setFocus('input');
        }}
      >
        {t('promo.have')}
      </Button>
      {open && (
        <Form ref={form} id={regionId} onSubmit={submit} noValidate aria-label={t('promo.label')} data-testid="promo-form">
          <Field label={t('promo.label')} error={problem}>
            <Input
              ref={input}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="done"
              maxLength={PROMO_CODE_MAX_LENGTH}
            />
          </Field>
          <Button type="submit" variant="outline" loading={checking}>
            {t('promo.apply')}
          </Button>
        </Form>
      )}
    </Root>
  );
}

const Root = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  /* Clear of the phone's fixed booking bar (book-bar.tsx) whenever it is scrolled to. */
  scroll-margin-bottom: calc(var(--tdk-bottom-bar, 0px) + ${({ theme }) => theme.space.lg});

  & > :first-child {
    flex: 1 1 10rem;
    min-width: 0;
  }
  /* The button lines up with the input, below the label. */
  & > button {
    margin-top: 1.6rem;
  }
`;

const Applied = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
