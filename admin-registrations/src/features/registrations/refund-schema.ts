// The Refund form's rules, fetched with zod when the form first validates (decision 016): the
// contract's refundRequestSchema, the same the API judges the request with.
export { refundRequestSchema } from '@tdk/api/contract';
// The offline refund's (decision 045): an amount (optional) and a reason.
export { offlineRefundRequestSchema } from '@tdk/api/contract';
