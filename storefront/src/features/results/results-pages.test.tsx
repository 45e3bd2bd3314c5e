import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadLanguage } from '@tdk/shared-ui';
import { errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import type { PublicResult, PublicResultsResponse } from '@tdk/api/contract';
import { ResultsPage } from './results-page';
import { ResultPage } from './result-page';
import { VerifyPage } from './verify-page';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const encode = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** A key pair and a JWS signed as the API signs results (EdDSA, Ed25519), and its JWKS. */
async function signer() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const kid = 'test-key-1';
  const sign = async (payload: unknown, header: object = { alg: 'EdDSA', kid, typ: 'tdk-result+jws' }) => {
    const input = `${encode(header)}.${encode(payload)}`;
    const signature = new Uint8Array(
      await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(input)),
    );
    return `${input}.${base64url(signature)}`;
  };
  return { sign, jwks: { keys: [{ kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid, alg: 'EdDSA', use: 'sig' }] } };
}

const runner = (overrides: Partial<PublicResult>): PublicResult => ({
  id: 41,
  bib: 101,
  name: 'Ananya Kulkarni',
  race: 'Half Marathon',
  raceId: 3,
  category: 'F 30–39',
  gender: 'female',
  status: 'finisher',
  netTime: '1:44:59.5',
  gunTime: '1:45:10',
  pace: '4:59',
  splits: ['52:00'],
  rankOverall: 1,
  rankGender: 1,
  rankCategory: 1,
  signedResult: 'x.y.z',
  ...overrides,
});
const EVENT = { id: 7, title: 'Pune Riverside Half', date: '2026-01-18', organiser: 'Pune Runners Trust' };

describe('published results', () => {
  it('lists a race, filters by category on the server and finds a runner by bib', async () => {
    const everyone = [
      runner({}),
      runner({ id: 42, bib: 106, name: 'Arjun Mehta', category: 'M 40+', rankOverall: 2, rankCategory: 1 }),
    ];
    const { api } = renderWithPlatform(<ResultsPage />, {
      path: '/event/:id/results',
      route: '/event/7/results',
      api: {
        'GET /api/events/:id/results': ({ query }: StubbedRequest): PublicResultsResponse => {
          const rows = everyone.filter(
            (r) =>
              (!query.get('category') || r.category === query.get('category')) &&
              (!query.get('q') || String(r.bib) === query.get('q')),
          );
          return {
            event: EVENT,
            races: [{ id: 3, name: 'Half Marathon', distanceKm: 21.097 }],
            categories: ['F 30–39', 'M 40+'],
            results: rows,
            total: rows.length,
            version: 1,
          };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Results: Pune Riverside Half' })).toBeTruthy();
    const names = () => screen.getAllByRole('link', { name: /Kulkarni|Mehta/ }).map((a) => a.textContent);
    expect(names()).toEqual(['Ananya Kulkarni', 'Arjun Mehta']);
    const first = screen.getByRole('link', { name: 'Ananya Kulkarni' }).closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '101', 'Ananya Kulkarni', '1:44:59.5', 'F 30–39', 'Half Marathon', '4:59', '1', '1', '1:45:10', '52:00']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'M 40+' } });
    await waitFor(() => expect(names()).toEqual(['Arjun Mehta']));
    expect(api.calls('GET /api/events/:id/results').at(-1)!.query.get('category')).toBe('M 40+');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Search by name or bib'), { target: { value: '101' } });
    await waitFor(() => expect(names()).toEqual(['Ananya Kulkarni']));
  });

  it('speaks Hindi to a runner who reads Hindi', async () => {
    document.documentElement.dataset.language = 'hi';
    try {
      await loadLanguage('hi');
      renderWithPlatform(<ResultsPage />, { path: '/event/:id/results', route: '/event/7/results', api: {} });
      expect(await screen.findByText('इस इवेंट के परिणाम अभी प्रकाशित नहीं हुए हैं।')).toBeTruthy();
    } finally {
      delete document.documentElement.dataset.language;
    }
  });

  it('says so when the results are not published', async () => {
    renderWithPlatform(<ResultsPage />, {
      path: '/event/:id/results',
      route: '/event/7/results',
      api: { 'GET /api/events/:id/results': errorResponse(404, 'not_found', 'No results are published for this event') },
    });
    expect(await screen.findByText('The results of this event are not published yet.')).toBeTruthy();
  });

  it('says the results could not be loaded, not that there are none, when the API fails; Try again asks again', async () => {
    let answer: Response | PublicResultsResponse = errorResponse(503, 'unavailable', 'Service unavailable');
    const { api } = renderWithPlatform(<ResultsPage />, {
      path: '/event/:id/results',
      route: '/event/7/results',
      api: { 'GET /api/events/:id/results': () => answer },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The results could not be loaded. Check your connection and try again.',
    );
    expect(screen.queryByText('The results of this event are not published yet.')).toBeNull();
    answer = {
      event: EVENT,
      races: [{ id: 3, name: 'Half Marathon', distanceKm: 21.1 }],
      categories: [],
      results: [runner({})],
      total: 1,
      version: 1,
    };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(api.calls('GET /api/events/:id/results')).toHaveLength(2);
  });
});

describe("a runner's result and its verification", () => {
  const payload = { v: 1, resultId: 41, version: 1, name: 'Ananya Kulkarni', netTime: '1:44:59.5', bib: 101 };

  async function open(signedResult: (s: Awaited<ReturnType<typeof signer>>) => Promise<string>) {
    const s = await signer();
    const jws = await signedResult(s);
    renderWithPlatform(<ResultPage />, {
      path: '/result/:id',
      route: '/result/41',
      api: {
        'GET /api/results/:id': () => ({ result: runner({ signedResult: jws }), event: EVENT }),
        'GET /.well-known/tdk-results-keys.json': () => s.jwks,
      },
    });
    return screen.findByRole('region', { name: 'Verification' });
  }

  it('shows the signed payload verified against the published key', async () => {
    const section = await open((s) => s.sign(payload));
    expect(await within(section).findByText(/Signature verified with key test-key-1/)).toBeTruthy();
    expect(within(section).getByText(/"netTime": "1:44:59.5"/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ananya Kulkarni' })).toBeTruthy();
    // A finisher downloads their certificate, in the page's language (decision 070).
    expect(screen.getByRole('link', { name: 'Download the certificate (PDF)' }).getAttribute('href')).toBe(
      '/api/results/41/certificate.pdf?lang=en',
    );
  });

  it('offers no certificate to a runner who did not finish', async () => {
    const s = await signer();
    renderWithPlatform(<ResultPage />, {
      path: '/result/:id',
      route: '/result/41',
      api: {
        'GET /api/results/:id': () => ({
          result: runner({ status: 'DNF', netTime: null, rankOverall: null, signedResult: 'x.y.z' }),
          event: EVENT,
        }),
        'GET /.well-known/tdk-results-keys.json': () => s.jwks,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Ananya Kulkarni' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /certificate/ })).toBeNull();
  });

  it('refuses a tampered result: a faster net time', async () => {
    const tampered = await open(async (s) => {
      const [header, , signature] = (await s.sign(payload)).split('.');
      return `${header}.${encode({ ...payload, netTime: '1:14:59.5' })}.${signature}`;
    });
    expect(await within(tampered).findByRole('alert')).toHaveProperty(
      'textContent',
      'The signature could not be verified: the signature does not match: the result was changed',
    );
  });

  it('refuses a result whose key the JWKS does not hold', async () => {
    const section = await open((s) => s.sign(payload, { alg: 'EdDSA', kid: 'someone-else', typ: 'tdk-result+jws' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The signature could not be verified: unknown key someone-else',
    );
  });
});

describe('checking a certificate’s signed result', () => {
  const payload = {
    v: 1,
    name: 'क्षितिज द्विवेदी',
    birthYear: 1979,
    event: { id: 7, title: 'Pune Riverside Half', date: '2026-01-18' },
    organiser: 'Pune Runners Trust',
    race: { id: 3, name: 'Half Marathon', distanceMetres: 21_097 },
    category: 'M 40–49',
    netTime: '1:44:59.5',
    gunTime: '1:45:10',
    rankOverall: 12,
    iss: 'https://tdk.example',
  };

  it('reads the QR’s address, checks it against the published key and says what it certifies', async () => {
    const s = await signer();
    const jws = await s.sign(payload);
    renderWithPlatform(<VerifyPage />, {
      path: '/verify',
      route: `/verify#${jws}`,
      api: { 'GET /.well-known/tdk-results-keys.json': () => s.jwks },
    });
    expect(
      await screen.findByText('Signature verified with key test-key-1: the details below are what the platform signed.'),
    ).toBeTruthy();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Name: 'क्षितिज द्विवेदी',
      'Net time': '1:44:59.5',
      Race: 'Half Marathon · 21.097 km',
      'Overall rank': '12',
      'Signed by': 'https://tdk.example',
    });
  });

  it('refuses a pasted result whose time was changed', async () => {
    const s = await signer();
    const [header, , signature] = (await s.sign(payload)).split('.');
    renderWithPlatform(<VerifyPage />, {
      path: '/verify',
      route: '/verify',
      api: { 'GET /.well-known/tdk-results-keys.json': () => s.jwks },
    });
    expect(screen.getByText("Scan a certificate's QR code or paste its signed result to check it.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Signed result (compact JWS)'), {
      target: { value: `https://tdk.example/verify#${header}.${encode({ ...payload, netTime: '1:04:59.5' })}.${signature}` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The signature could not be verified: the signature does not match: the result was changed',
    );
  });
});
