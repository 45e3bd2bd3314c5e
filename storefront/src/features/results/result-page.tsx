// One runner's published result (issue 43, decision 063), with its verification: the signed result
// checked in the browser against the platform's public key (the JWKS at /.well-known), and what it says.
import styled from 'styled-components';
import { Link, useParams } from '@tdk/shared-ui/router';
import { Button, NotFoundPage } from '@tdk/shared-ui';
import { RESULTS_KEYS_URL, useCertificateHref, useResult, useVerification } from './queries';
import { useResultsT } from './i18n';
import { Page } from './results-page';

export function ResultPage() {
  const { id } = useParams();
  const resultId = Number(id);
  return Number.isInteger(resultId) && resultId > 0 ? <RunnerResult resultId={resultId} /> : <NotFoundPage />;
}

function RunnerResult({ resultId }: { resultId: number }) {
  const t = useResultsT();
  const answer = useResult(resultId);
  if (answer.isPending)
    return <div role="status" aria-busy="true" aria-label={t('result.loading')} style={{ minHeight: '60vh' }} />;
  if (answer.isError || !answer.data) {
    return (
      <Page>
        <p>{t('result.notFound')}</p>
      </Page>
    );
  }
  const { result, event } = answer.data;
  const facts: [string, string][] = [
    [t('results.bib'), String(result.bib)],
    [t('results.race'), result.race],
    [t('results.category'), result.category],
    [t('results.netTime'), result.netTime ?? result.status],
    [t('results.gunTime'), result.gunTime ?? '–'],
    [t('results.pace'), result.pace ?? '–'],
    [t('results.rank'), result.rankOverall === null ? '–' : String(result.rankOverall)],
    [t('results.rankGender'), result.rankGender === null ? '–' : String(result.rankGender)],
    [t('results.rankCategory'), result.rankCategory === null ? '–' : String(result.rankCategory)],
    [t('results.splits'), result.splits.join(' · ') || '–'],
  ];
  return (
    <Page>
      <h1>{result.name}</h1>
      <p>
        {event.title} · {event.date} · {event.organiser}
      </p>
      <Facts>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
      {result.status === 'finisher' && (
        <p>
          <CertificateLink resultId={result.id} />
        </p>
      )}
      <Link to={`/event/${event.id}/results`}>{t('result.allResults', { event: event.title })}</Link>
      <VerificationSection jws={result.signedResult} />
    </Page>
  );
}

/** The finisher's certificate (decision 070), in the page's language. */
export function CertificateLink({ resultId, name }: { resultId: number; name?: string }) {
  const t = useResultsT();
  return (
    <Button
      as="a"
      href={useCertificateHref(resultId)}
      download
      size="sm"
      aria-label={name ? t('result.certificateOfNamed', { name }) : undefined}
    >
      {t('result.certificate')}
    </Button>
  );
}

export function VerificationSection({ jws }: { jws: string }) {
  const t = useResultsT();
  const verification = useVerification(jws);
  return (
    <VerificationBox aria-labelledby="result-verification">
      <h2 id="result-verification">{t('result.verification')}</h2>
      <p>{t('result.verificationIntro', { url: RESULTS_KEYS_URL })}</p>
      {!verification ? (
        <p role="status">{t('result.checking')}</p>
      ) : verification.ok ? (
        <>
          <p role="status">{t('result.verified', { kid: verification.kid })}</p>
          <Payload>{JSON.stringify(verification.payload, null, 2)}</Payload>
        </>
      ) : (
        <p role="alert">{t('result.notVerified', { reason: verification.reason })}</p>
      )}
      <details>
        <summary>{t('result.signedResult')}</summary>
        <Payload>{jws}</Payload>
      </details>
    </VerificationBox>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: 0.75rem;
  margin: 1rem 0;
  dt {
    font-size: 0.75rem;
    color: #6b7280;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

// A key id and a signature are one long word each: they wrap anywhere rather than widen a phone's page.
const VerificationBox = styled.section`
  overflow-wrap: anywhere;
  min-width: 0;
`;

const Payload = styled.pre`
  white-space: pre-wrap;
  word-break: break-all;
  background: #f3f4f6;
  padding: 0.75rem;
  font-size: 0.75rem;
`;
