// What a journey's direct API calls send and expect: JSON from this site's origin, as a visitor of
// its own address (TRUST_PROXY: the journeys' X-Forwarded-For), and a clear error naming the step.

export const jsonFrom = (baseURL: string, address: string) => ({
  'Content-Type': 'application/json',
  Origin: new URL(baseURL).origin,
  'X-Forwarded-For': address,
});

/** The answer's JSON, or an error naming `what` with the status and body. */
export async function ok<T>(
  response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> },
  what: string,
) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}
