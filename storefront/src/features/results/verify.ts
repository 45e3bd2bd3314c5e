// Checking a signed result in the browser (decision 063), with the Web Crypto API's Ed25519: the
// compact JWS's header names its key (kid) in the JWKS; the signature is over "header.payload".
// What anyone else does with jose's compactVerify, without a library in the storefront's bundle.

export interface JsonWebKeySet {
  keys: (JsonWebKey & { kid?: string })[];
}

const fromBase64Url = (text: string) => {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

export type Verification = { ok: true; kid: string; payload: Record<string, unknown> } | { ok: false; reason: string };

export async function verifyCompactJws(jws: string, jwks: JsonWebKeySet): Promise<Verification> {
  const parts = jws.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'not a compact JWS' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: string; kid?: string };
  try {
    header = JSON.parse(new TextDecoder().decode(fromBase64Url(headerPart))) as typeof header;
  } catch {
    return { ok: false, reason: 'unreadable header' };
  }
  if (header.alg !== 'EdDSA') return { ok: false, reason: `unexpected algorithm ${String(header.alg)}` };
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  if (!jwk || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') return { ok: false, reason: `unknown key ${String(header.kid)}` };
  try {
    const key = await crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const valid = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(signaturePart),
      new TextEncoder().encode(`${headerPart}.${payloadPart}`),
    );
    if (!valid) return { ok: false, reason: 'the signature does not match: the result was changed' };
    return {
      ok: true,
      kid: header.kid!,
      payload: JSON.parse(new TextDecoder().decode(fromBase64Url(payloadPart))) as Record<string, unknown>,
    };
  } catch {
    return { ok: false, reason: 'this browser cannot check Ed25519 signatures' };
  }
}
