import { createApiClient as createTypedClient, type ApiClient, type ClientResponse, type SuccessBody } from '@tdk/api/client';
import { errorCodeForStatus } from '@tdk/api/contract';
import { ApiError, isApiErrorBody } from './api-error';

export type { ApiClient, SuccessBody } from '@tdk/api/client';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const CANCELLED_MESSAGE = 'The request was cancelled.';

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Please sign in to continue.',
  403: "You don't have permission to do that.",
  404: 'Not found.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * The platform's typed client: `client.api.admin.events.$get()` and so on, the routes, inputs and
 * outputs inferred from the API's own `AppType`, so a renamed route or field fails the type check
 * of every caller. `baseUrl` '' is the page's origin (a remote's dev server proxies /api);
 * `fetchImpl` replaces the network (tests: `@tdk/shared-ui/testing`).
 */
export function createApiClient(baseUrl = '', fetchImpl?: typeof fetch): ApiClient {
  // Same-origin cookies carry the staff session; hono sets Content-Type for `json` bodies, which
  // the API requires on every state-changing request.
  return createTypedClient(baseUrl || '/', {
    init: { credentials: 'same-origin' },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

async function readBody(response: { status: number; headers: Headers; text(): Promise<string> }): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trimStart())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The ApiError of a failed answer: the API's own `{ error }` body, else one made from the status. */
export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields && typeof fields === 'object' ? fields : undefined);
  }
  const message =
    STATUS_MESSAGES[status] ??
    (status >= 500 ? 'Something went wrong on our side. Please try again.' : statusText || `Request failed (${status})`);
  return new ApiError(status, errorCodeForStatus(status), message);
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * Awaits a call of the typed client and gives its success body, typed from the route:
 *
 *   const { events } = await callApi(client.api.admin.events.$get({}, { init: { signal } }));
 *
 * Every failure becomes the one ApiError: the API's `{ error: { code, message, fields } }`, a
 * status-derived one for other answers, status 0 'network_error' when the server could not be
 * reached and status 0 'aborted' when the call was cancelled.
 */
export async function callApi<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    if (isAbort(error)) throw new ApiError(0, 'aborted', CANCELLED_MESSAGE);
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (error) {
    if (isAbort(error)) throw new ApiError(0, 'aborted', CANCELLED_MESSAGE);
    throw new ApiError(response.ok ? 0 : response.status, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, body);
  return body as SuccessBody<R>;
}
