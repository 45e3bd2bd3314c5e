import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useStorefrontT } from '../i18n';

// The form's code (react-hook-form, the API's zod schema) is a chunk of its own: no public page's
// first load carries it (issue 26's budget, decision 019).
const NewsletterForm = lazy(() => import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })));

/** The newsletter form, its code fetched when it is first drawn; its words stand in meanwhile. */
export function LazyNewsletterForm() {
  const t = useStorefrontT();
  return (
    <Suspense fallback={<Words>{t('newsletter.label')}</Words>}>
      <NewsletterForm />
    </Suspense>
  );
}

/**
 * The footer's newsletter box, fetched with its form code only when the footer comes near the
 * screen: every public page has the footer, and the first screen of none of them needs a form.
 * Its words are there from the first paint, where the form's label then takes their place.
 */
export function DeferredNewsletterForm() {
  const t = useStorefrontT();
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return <Slot ref={slot}>{near ? <LazyNewsletterForm /> : <Words>{t('newsletter.label')}</Words>}</Slot>;
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
