import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Input } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import { EMAIL_INPUT, Form, Row } from './newsletter-layout';

// The form's code (react-hook-form, the API's zod schema) is a chunk of its own: no public page's
// first load carries it (issue 26's budget, decision 019).
const loadForm = () => import('./newsletter-form').then((module) => module.NewsletterForm);
const NewsletterForm = lazy(() => loadForm().then((form) => ({ default: form })));

/** The newsletter form, its code fetched when it is first drawn; its words stand in meanwhile. */
export function LazyNewsletterForm() {
  const t = useStorefrontT();
  return (
    <Suspense fallback={<Words>{t('newsletter.label')}</Words>}>
      <NewsletterForm />
    </Suspense>
  );
}

type RealForm = Awaited<ReturnType<typeof loadForm>>;

/**
 * The footer's newsletter box. Every public page has the footer and the first screen of none
 * needs a form, so its code is fetched only once the visitor is on the way to it: the footer comes
 * near the screen after they have scrolled, pressed a key or touched the page, or they reach the box
 * itself (focus, pointer, a submit). Until then the box is drawn as it will be (label, e-mail box,
 * button: the same layout), and the form takes its place with what was typed and the focus kept.
 * A short page's footer is near from the first paint, so nearness alone would fetch it for every
 * visitor who only reads (a results page, the sign-up page): it waits for the visitor as well.
 */
export function DeferredNewsletterForm() {
  const t = useStorefrontT();
  const inputId = useId();
  const slot = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<{ Form: RealForm } | null>(null);
  // A submit before the code came: sent by the form once it has taken over.
  const submitted = useRef(false);
  // What the stand-in hands over, read when the form first renders in its place (not when the code
  // arrived): a key typed or a click in between is the visitor's too. Kept once read, as the
  // stand-in's box is gone after that render.
  const handover = useRef<{ email: string; focus: boolean; submit: boolean } | null>(null);

  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return;
    }
    let near = false;
    let moved = false;
    const check = () => {
      if (near && moved) setWanted(true);
    };
    const onMove = () => {
      moved = true;
      check();
    };
    const events = ['scroll', 'keydown', 'pointerdown', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, onMove, { once: true, passive: true });
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        check();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      for (const name of events) window.removeEventListener(name, onMove);
    };
  }, []);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void loadForm().then((Form) => {
      if (current) setLoaded({ Form });
    });
    return () => {
      current = false;
    };
  }, [wanted]);

  if (loaded) {
    const typing = input.current;
    handover.current ??= {
      email: typing?.value ?? '',
      focus: !!typing && document.activeElement === typing,
      submit: submitted.current,
    };
    const { email, focus, submit } = handover.current;
    return (
      <Slot ref={slot}>
        <loaded.Form initialEmail={email} focus={focus} submit={submit} />
      </Slot>
    );
  }
  const wake = () => setWanted(true);
  return (
    <Slot ref={slot}>
      <Form
        aria-label={t('footer.newsletter')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitted.current = true;
          wake();
        }}
        onPointerDown={wake}
      >
        <label htmlFor={inputId}>{t('newsletter.label')}</label>
        <Row>
          <Input ref={input} id={inputId} {...EMAIL_INPUT} onFocus={wake} />
          <Button type="submit">{t('newsletter.subscribe')}</Button>
        </Row>
      </Form>
    </Slot>
  );
}

// The form's height, kept while its code loads, so the footer does not move.
const Slot = styled.div`
  min-height: 76px;
`;

// Set as the form's label is (newsletter-form.tsx), in the same place.
const Words = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.onInverse};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
