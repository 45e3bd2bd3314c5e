import type { ApiErrorCode } from './types';

/**
 * The error code of an answer that carries no `{ error }` body of its own (DESIGN.md section 3):
 * what the API gives Hono's own 4xx and what the frontends give any bodiless failure.
 */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  412: 'precondition_failed',
  422: 'unprocessable',
  428: 'precondition_required',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

export function errorCodeForStatus(status: number): ApiErrorCode {
  return ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
