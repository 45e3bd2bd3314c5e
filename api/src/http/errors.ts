// The one error shape of DESIGN.md section 3, and the one place that produces it.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  errorCodeForStatus,
  resolveLanguage,
  type ApiErrorBody,
  type ApiErrorCode,
} from '../contract';
import { isDatabaseUnavailable, isStorageFull } from '../db/errors';

/** Seconds a client waits before retrying a request the full disk refused. */
export const STORAGE_FULL_RETRY_SECONDS = 60;
import { validationText } from '../i18n/messages';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);

/** A zod failure as a 400 naming each bad field; the first field's message doubles as the summary. */
export function validationError(error: z.ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new ApiError(400, 'validation_error', Object.values(fields)[0] ?? 'Invalid request', fields);
}

export const errorBody = (code: string, message: string, fields?: Record<string, string>): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** The language of an API request's messages (decision 019): `?lang=`, the remembered choice, the browser's, English. */
export const requestLanguage = (c: Context) =>
  resolveLanguage({
    query: c.req.query(LANGUAGE_QUERY),
    cookie: getCookie(c, LANGUAGE_COOKIE),
    acceptLanguage: c.req.header('Accept-Language'),
  });

export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    // The contract's validation messages are keys: said in the request's language.
    const language = requestLanguage(c);
    const fields = err.fields
      ? Object.fromEntries(Object.entries(err.fields).map(([name, message]) => [name, validationText(message, language)]))
      : undefined;
    return c.json(errorBody(err.code, validationText(err.message, language), fields), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own 4xx (e.g. a malformed JSON body) keep their status but speak our shape.
    const status = err.status as ContentfulStatusCode;
    return c.json(errorBody(errorCodeForStatus(status), err.message || 'Bad request'), status);
  }
  if (isDatabaseUnavailable(err)) {
    // The database is down or restarting: nothing was written (the transaction rolled back), and
    // the same request will succeed once it is back.
    console.error(`[api] ${c.req.method} ${c.req.path}: the database is unavailable (${err.message})`);
    return c.json(errorBody('service_unavailable', 'The service is briefly unavailable. Please try again in a moment.'), 503, {
      'Retry-After': '5',
    });
  }
  if (isStorageFull(err)) {
    // Issue 40: a full disk rolled the transaction back; nothing was written, and the same request
    // succeeds once space is made. /api/health says so too.
    console.error(`[api] ${c.req.method} ${c.req.path}: storage is full (${err.message})`);
    return c.json(
      errorBody('service_unavailable', 'The service cannot save anything just now. Please try again in a few minutes.'),
      503,
      { 'Retry-After': String(STORAGE_FULL_RETRY_SECONDS) },
    );
  }
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
  return c.json(errorBody('internal_error', 'Something went wrong. Please try again.'), 500);
}
