import styled from 'styled-components';
import type { LegalPage } from '@tdk/api/contract';
import { Button, Skeleton } from '@tdk/shared-ui';
import { usePageT } from '../page-messages/i18n';
import { BreakableEmail } from '../shared/breakable-email';
import { PageSection } from '../events/section';
import { legalSections } from './legal-sections';
import { useLegalPage } from './queries';

const TITLE_KEYS = {
  terms: 'legal.terms',
  privacy: 'legal.privacy',
  refunds: 'legal.refunds',
  contact: 'legal.contact',
} as const satisfies Record<LegalPage, string>;

/** A phone number as a tel: link dials it: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * /terms, /privacy, /refunds and /contact: the text staff set in Settings (the standard one until
 * they do), under a heading in the visitor's language; the text itself shows as it was written,
 * paragraph by paragraph, never as markup. Contact leads with the e-mail and phone to reach.
 */
export function LegalPageScreen({ page }: { page: LegalPage }) {
  const t = usePageT();
  const answer = useLegalPage(page);
  const data = answer.data;
  const title = t(TITLE_KEYS[page]);

  return (
    <Page aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      {data ? (
        <>
          {page === 'contact' && (
            <Reach aria-label={t('legal.reachUs')}>
              <li>
                <span>{t('legal.email')}</span>
                <a href={`mailto:${data.contactEmail}`}>
                  <BreakableEmail email={data.contactEmail} />
                </a>
              </li>
              <li>
                <span>{t('legal.phone')}</span>
                <a href={telHref(data.supportPhone)}>{data.supportPhone}</a>
              </li>
            </Reach>
          )}
          <Text data-testid="legal-text">
            {legalSections(data.text).map((section, index) =>
              section.heading ? (
                <section key={index}>
                  <h2>{section.heading}</h2>
                  <p>{section.text}</p>
                </section>
              ) : (
                <p key={index}>{section.text}</p>
              ),
            )}
          </Text>
        </>
      ) : answer.isError ? (
        <Failed role="alert">
          <p>{t('legal.failed')}</p>
          <Button variant="outline" onClick={() => void answer.refetch()}>
            {t('legal.retry')}
          </Button>
        </Failed>
      ) : (
        <div role="status" aria-busy="true" aria-label={t('legal.loading')}>
          <Skeleton height={18} width="90%" />
          <Skeleton height={18} width="80%" />
          <Skeleton height={18} width="85%" />
        </div>
      )}
    </Page>
  );
}

const Page = styled(PageSection)`
  max-width: 760px;

  h1 {
    margin: 0 0 ${({ theme }) => theme.space.lg};
    color: ${({ theme }) => theme.colors.text};
    font-size: clamp(1.5rem, 4vw, 2rem);
    line-height: ${({ theme }) => theme.lineHeights.tight};
  }
  [role='status'] {
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Text = styled.div`
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.65;
  overflow-wrap: anywhere;

  h2 {
    margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    line-height: ${({ theme }) => theme.lineHeights.tight};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.md};
    /* A line break staff typed inside a paragraph stays one. */
    white-space: pre-line;
  }
`;

const Reach = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  list-style: none;

  li {
    display: grid;
    grid-template-columns: minmax(4.5rem, auto) 1fr;
    align-items: baseline;
    gap: ${({ theme }) => theme.space.sm};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

const Failed = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
`;
