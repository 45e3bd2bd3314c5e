// The Create API token form's rules, fetched with zod when the form first validates (decision 016):
// the contract's createApiTokenSchema, the same the API judges the request with.
export { createApiTokenSchema } from '@tdk/api/contract/api-tokens';
