// The Correct Name form's rules (decision 047), fetched with zod when the form first validates
// (decision 016): the contract's schema, the same the API judges the request with.
export { nameCorrectionSchema } from '@tdk/api/contract';
