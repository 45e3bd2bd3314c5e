// Checking a signed result (issue 43, decision 070): a finisher's certificate carries its QR code
// as {site}/verify#{JWS}; this page checks the JWS in the browser against the platform's public key
// (the JWKS) and says what it certifies. Another organiser can paste one too. The JWS travels after
// '#', so it never reaches a server's logs.
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLocation } from '@tdk/shared-ui/router';
import { Button, Field, Textarea } from '@tdk/shared-ui';
import { useResultsT } from './i18n';
import { useVerification } from './queries';
import { Page } from './results-page';

/** The JWS in what was pasted: itself, or a certificate's address with it after '#'. */
export const jwsIn = (text: string) => text.trim().replace(/^[^#]*#/, '');

export function VerifyPage() {
  const t = useResultsT();
  const { hash } = useLocation();
  // The hash never reaches the server that draws the first screen: it is read after hydration.
  const [pasted, setPasted] = useState('');
  const [jws, setJws] = useState('');
  // The form is the browser's alone: drawn by the server, an Enter before hydration submitted it
  // natively and reloaded the page without what was pasted.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const fromHash = jwsIn(hash.slice(1));
    if (fromHash) {
      setPasted(fromHash);
      setJws(fromHash);
    }
  }, [hash]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setJws(jwsIn(pasted));
  };
  return (
    <Page>
      <h1>{t('verify.title')}</h1>
      <p>{t('verify.intro')}</p>
      {hydrated && (
        <form onSubmit={submit}>
          <Field label={t('verify.paste')}>
            <Textarea rows={4} value={pasted} onChange={(event) => setPasted(event.target.value)} spellCheck={false} />
          </Field>
          <Button type="submit">{t('verify.check')}</Button>
        </form>
      )}
      {jws ? <Checked key={jws} jws={jws} /> : <p>{t('verify.none')}</p>}
    </Page>
  );
}

function Checked({ jws }: { jws: string }) {
  const t = useResultsT();
  const verification = useVerification(jws);
  if (!verification) return <Answer role="status">{t('result.checking')}</Answer>;
  if (!verification.ok) return <Answer role="alert">{t('result.notVerified', { reason: verification.reason })}</Answer>;
  const p = verification.payload as {
    name?: string;
    birthYear?: number | null;
    event?: { title?: string; date?: string };
    organiser?: string;
    race?: { name?: string; distanceMetres?: number | null };
    category?: string;
    netTime?: string | null;
    gunTime?: string | null;
    rankOverall?: number | null;
    iss?: string;
  };
  const facts: [string, string][] = [
    [t('verify.name'), p.name ?? ''],
    [t('verify.birthYear'), p.birthYear ? String(p.birthYear) : '–'],
    [t('verify.event'), [p.event?.title, p.event?.date].filter(Boolean).join(' · ')],
    [t('verify.organiser'), p.organiser ?? ''],
    [t('verify.race'), p.race?.distanceMetres ? `${p.race.name} · ${p.race.distanceMetres / 1000} km` : (p.race?.name ?? '')],
    [t('verify.category'), p.category ?? ''],
    [t('verify.netTime'), p.netTime ?? '–'],
    [t('verify.gunTime'), p.gunTime ?? '–'],
    [t('verify.rank'), p.rankOverall ? String(p.rankOverall) : '–'],
    [t('verify.issuer'), p.iss ?? ''],
  ];
  return (
    <Answer>
      <p role="status">{t('result.verified', { kid: verification.kid })}</p>
      <Facts>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
    </Answer>
  );
}

// A key id is one long word: it wraps anywhere rather than widen a phone's page.
const Answer = styled.section`
  margin-top: 1.5rem;
  overflow-wrap: anywhere;
  min-width: 0;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0.75rem;
  dt {
    font-size: 0.75rem;
    color: #4b5563;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;
