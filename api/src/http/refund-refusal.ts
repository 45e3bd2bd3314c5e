// A refused refund as the API answers it, shared by the routes that refund: an order's refunds
// (routes/admin-orders.ts) and an attendee's offline refund (routes/admin-registrations.ts,
// decision 045).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../contract';
import type { RefundRefusal, RefundRefusalReason } from '../services/refunds';
import { ApiError } from './errors';

const REFUSALS: Record<RefundRefusalReason, [ContentfulStatusCode, ApiErrorCode]> = {
  not_found: [404, 'not_found'],
  not_paid: [409, 'conflict'],
  invalid: [400, 'validation_error'],
  already_refunded: [409, 'conflict'],
  too_much: [400, 'validation_error'],
};

export const refundRefusal = (error: RefundRefusal) => {
  const [status, code] = REFUSALS[error.reason];
  return new ApiError(status, code, error.message, error.fields);
};
