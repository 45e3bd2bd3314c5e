import { ApiError, isApiErrorBody } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  /** JSON-serialised, or sent as is when FormData/Blob (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string, query?: Query, init?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<T>;
  post<T>(path: string, body?: unknown, init?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<T>;
  put<T>(path: string, body?: unknown, init?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<T>;
  patch<T>(path: string, body?: unknown, init?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<T>;
  del<T>(path: string, init?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<T>;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

const STATUS_CODES: Record<number, string> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
};

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Please sign in to continue.',
  403: "You don't have permission to do that.",
  404: 'Not found.',
  429: 'Too many requests. Please wait a moment and try again.',
};

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Query object → '?a=1&b=x', skipping undefined, null and empty strings; arrays repeat the key. */
export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === undefined || value === null) continue;
      const text = String(value);
      if (text.trim() === '') continue;
      params.append(key, text);
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

async function readBody(response: Response): Promise<unknown> {
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

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields && typeof fields === 'object' ? fields : undefined);
  }
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'http_error');
  const message =
    STATUS_MESSAGES[status] ??
    (status >= 500 ? 'Something went wrong on our side. Please try again.' : statusText || `Request failed (${status})`);
  return new ApiError(status, code, message);
}

/**
 * A small fetch wrapper for the platform's JSON API (DESIGN.md section 3). Same-origin cookies
 * carry the staff session; JSON bodies get `Content-Type: application/json`, which the API
 * requires on every state-changing request. Every failure becomes an ApiError: the API's
 * `{ error: { code, message, fields } }`, a status-derived one for other answers, status 0
 * 'network_error' when the server could not be reached and status 0 'aborted' on abort.
 */
export function createApiClient(baseUrl = ''): ApiClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const { query, body, headers = {}, signal } = options;
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...headers },
      signal,
    };
    if (body !== undefined) {
      if (isRawBody(body)) {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
      }
    }

    let response: Response;
    try {
      response = await fetch(joinUrl(baseUrl, path) + buildQueryString(query), init);
    } catch (error) {
      if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
        throw new ApiError(0, 'aborted', 'The request was cancelled.');
      }
      throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
    }

    let data: unknown;
    try {
      data = await readBody(response);
    } catch {
      if (signal?.aborted) throw new ApiError(0, 'aborted', 'The request was cancelled.');
      throw new ApiError(response.ok ? 0 : response.status, 'network_error', NETWORK_ERROR_MESSAGE);
    }

    if (!response.ok) throw toApiError(response.status, response.statusText, data);
    return data as T;
  }

  return {
    baseUrl,
    request,
    get: (path, query, init) => request('GET', path, { query, ...init }),
    post: (path, body, init) => request('POST', path, { body, ...init }),
    put: (path, body, init) => request('PUT', path, { body, ...init }),
    patch: (path, body, init) => request('PATCH', path, { body, ...init }),
    del: (path, init) => request('DELETE', path, init),
  };
}
