// The waiting-list form's rules: the contract's own (decision 024), without what the page adds
// (the ticket and the language). Loaded with import() when the form first validates, so the
// event page draws without zod.
import { joinWaitingListBodySchema } from '@tdk/api/contract';

export const joinWaitingListFormSchema = joinWaitingListBodySchema.omit({ ticketId: true, language: true });
