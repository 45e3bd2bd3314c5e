import type { ApiErrorBody } from '@tdk/api/contract';

/** A failed API call: the HTTP status (0 when the request never got an answer), the API's
 * error code, its human message and, for 400s, the per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

/** Duck-typed as well as instanceof: an error thrown by another copy of this module (a remote
 * built with a mismatched share scope, a test double) is still recognised. */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ApiError' &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * The message to put after "Failed to create event: " and the like (SPEC.md section 8): the
 * server's message for an ApiError or Error, else the fallback ('Unknown error').
 */
export function getErrorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (isApiError(error) || error instanceof Error) return error.message || fallback;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}
