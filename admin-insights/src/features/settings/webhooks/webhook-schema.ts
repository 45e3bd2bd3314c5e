// The Add endpoint form's rules, fetched with zod when the form first validates (decision 016):
// the contract's createWebhookSchema, the same the API judges the request with.
export { createWebhookSchema } from '@tdk/api/contract/webhooks';
