// The New code form's rules, fetched with zod when the form first validates (decision 016): the
// contract's promoCodeInputSchema, the same the API judges the request with.
export { promoCodeInputSchema } from '@tdk/api/contract';
