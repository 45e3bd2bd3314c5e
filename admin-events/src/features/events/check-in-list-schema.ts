// The New check-in list form's rules, fetched with zod when the form first validates (decision
// 016): the contract's checkInListInputSchema, the same the API judges the request with.
export { checkInListInputSchema } from '@tdk/api/contract';
