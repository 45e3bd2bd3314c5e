// Security headers (DESIGN.md section 6, decision 034): every response carries the ones every
// response uses; a script or stylesheet fetched as one leaves out those only a document or a worker
// reads. The Content-Security-Policy allows exactly what the platform loads:
//   - its own origin: the shell, the remotes served from the API, /api, /emulator (the Cashfree
//     emulator's SDK and checkout page, opened same-origin in a modal iframe, so frame-ancestors
//     'self' and frame-src 'self');
//   - the origins of remote entries that the registry points elsewhere (REMOTE_*_URL or
//     REMOTES_FILE), computed per request because REMOTES_FILE is re-read while the server runs;
//     a remote's script, manifest, styles, images and fonts come from its own origin;
//   - the payment provider's SDK, API and checkout origins, as the provider lists them
//     (PaymentProvider.browser.origins: Cashfree's in sandbox and production payment modes, none
//     for the emulator, which is this API; payments/cashfree.ts).
// styled-components injects <style> tags, hence style-src 'unsafe-inline'; one inline script runs,
// allowed by its hash (html/start-after-paint.ts).
import type { Context, MiddlewareHandler } from 'hono';
import type { RemoteEntry } from '../contract';
import type { Env } from '../env';
import { START_AFTER_PAINT_CSP_SOURCE } from '../html/start-after-paint';
import type { PaymentProvider } from '../payments/provider';
import { isHttps } from './auth';

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * Set by securityHeaders() on every request: the headers it adds to a document's answer (an
     * API answer is one), as a plain object, for a handler that writes its answer's headers whole
     * and marks it with completeSecurityHeaders() (http/db-cache.ts).
     */
    securityHeaders: ((c: Context) => Record<string, string>) | undefined;
  }
}

/** Answers that already carry every security header (completeSecurityHeaders): passed untouched. */
const complete = new WeakSet<Response>();

/**
 * Marks an answer whose headers include c.var.securityHeaders(c)'s, written by the handler as a
 * plain object: the middleware then leaves it as it is, and the Node server writes it without
 * building a fetch Headers object (a cost a cached public read paid on every request).
 */
export function completeSecurityHeaders(response: Response): Response {
  complete.add(response);
  return response;
}

/** The origins the payment provider's SDK needs (PaymentProvider.browser.origins). */
export type PaymentOrigins = PaymentProvider['browser']['origins'];

/** The distinct http(s) origins of remote entries given as absolute URLs. */
export function remoteOrigins(entries: readonly Pick<RemoteEntry, 'entry'>[]): string[] {
  const origins = new Set<string>();
  for (const { entry } of entries) {
    if (!/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // A malformed URL loads nothing, so it needs no allowance.
    }
  }
  return [...origins];
}

/** The CSP source that lets WebAssembly compile, and not JavaScript's eval. */
export const WASM_CSP_SOURCE = "'wasm-unsafe-eval'";

export function contentSecurityPolicy(options: { remoteOrigins: string[]; paymentOrigins: PaymentOrigins }): string {
  const remotes = options.remoteOrigins;
  const payments = options.paymentOrigins;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // One inline script, by its hash: the start of a drawn page's scripts after its first paint.
    // 'wasm-unsafe-eval' lets WebAssembly compile (HarfBuzz shaping a ticket's Devanagari, decision
    // 070), and nothing else: eval and new Function stay refused.
    ['script-src', ["'self'", START_AFTER_PAINT_CSP_SOURCE, WASM_CSP_SOURCE, ...remotes, ...payments.script]],
    ['connect-src', ["'self'", ...remotes, ...payments.connect]],
    ['style-src', ["'self'", "'unsafe-inline'", ...remotes]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remotes]],
    ['font-src', ["'self'", 'data:', ...remotes]],
    // The home hero's video is a remote's asset, served wherever that remote is deployed.
    ['media-src', ["'self'", ...remotes]],
    ['frame-src', ["'self'", ...payments.frame]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...payments.form]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

export interface SecurityHeadersOptions {
  env: Pick<Env, 'publicUrl'>;
  /** The payment provider's SDK origins (PaymentProvider.browser.origins). */
  paymentOrigins: PaymentOrigins;
  /** The remote registry's current entries (remotes.list(): the same list until it changes). */
  remotes: () => readonly Pick<RemoteEntry, 'entry'>[];
}

// The fixed headers (all but nosniff left off a page's scripts and styles: DOCUMENT_ONLY_HEADERS). The
// storefront's 'Detect Location' asks for the position and the gate check-in screen for the
// camera, both on the platform's own pages only; nothing uses the microphone.
const HSTS = 'max-age=31536000; includeSubDomains';
const FIXED_HEADERS: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Permissions-Policy', 'geolocation=(self), camera=(self), microphone=()'],
];

/**
 * Read only by a document or a worker (decision 034): the policy, who may frame the page and which
 * features it may use. A script run by a page, or a stylesheet, runs under the page's own headers,
 * so on those these are bytes sent for nothing on every file of every page. The referrer policy
 * too: a classic script's requests follow the page's, and a stylesheet's or module's without one
 * of its own follow the page's as well, which is this same value.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'X-Frame-Options',
  'Permissions-Policy',
  'Referrer-Policy',
] as const;
const DOCUMENT_ONLY = new Set<string>(DOCUMENT_ONLY_HEADERS);

/** What the browser will do with the answer (Fetch Metadata): run it as a page's script, apply it as a style. */
const SUBRESOURCE_DESTINATIONS = new Set(['script', 'style']);
const SCRIPT_OR_STYLE = /^(?:(?:text|application)\/(?:javascript|ecmascript)|text\/css)\b/i;

const isScriptOrStyle = (c: Context) => SCRIPT_OR_STYLE.test(c.res.headers.get('Content-Type') ?? '');

/**
 * A script or stylesheet the browser asked for to run in a page or style one. A request without
 * `Sec-Fetch-Dest` (an older browser, plain HTTP to another host) keeps every header, as does a
 * worker's script (`serviceworker`, `worker`, `sharedworker`: its policy is its own response's)
 * and a file opened on its own (`document`).
 */
const isPageSubresource = (c: Context) => SUBRESOURCE_DESTINATIONS.has(c.req.header('Sec-Fetch-Dest') ?? '');

export function securityHeaders({ env, remotes, paymentOrigins }: SecurityHeadersOptions): MiddlewareHandler {
  // The policy only changes when the registry does (a new list); remember the last one built.
  let lastList: readonly Pick<RemoteEntry, 'entry'>[] | undefined;
  let lastPolicy = '';
  const policyFor = () => {
    const list = remotes();
    if (list !== lastList) {
      lastList = list;
      lastPolicy = contentSecurityPolicy({ remoteOrigins: remoteOrigins(list), paymentOrigins });
    }
    return lastPolicy;
  };
  /** A document's headers, as the middleware below sets them on one. */
  const documentHeaders = (c: Context): Record<string, string> => {
    const headers: Record<string, string> = { 'Content-Security-Policy': policyFor() };
    for (const [name, value] of FIXED_HEADERS) headers[name] = value;
    if (isHttps(c, env)) headers['Strict-Transport-Security'] = HSTS;
    return headers;
  };
  return async (c: Context, next) => {
    c.set('securityHeaders', documentHeaders);
    await next();
    if (complete.has(c.res)) return;
    const h = c.res.headers;
    const scriptOrStyle = isScriptOrStyle(c);
    const forDocument = !(scriptOrStyle && isPageSubresource(c));
    // A response that brought its own policy keeps it: uploads are served with a stricter one
    // (default-src 'none', sandbox) that the site's, made for the pages, must not loosen.
    if (forDocument && !h.has('Content-Security-Policy')) h.set('Content-Security-Policy', policyFor());
    for (const [name, value] of FIXED_HEADERS) if (forDocument || !DOCUMENT_ONLY.has(name)) h.set(name, value);
    // The same URL answers a worker or a direct visit with every header: a shared cache keeps the
    // two answers apart.
    if (scriptOrStyle) h.append('Vary', 'Sec-Fetch-Dest');
    if (isHttps(c, env)) h.set('Strict-Transport-Security', HSTS);
  };
}
