// Group discounts (issue 25, decision 031): the console's form and the API's check, one schema.
import { z } from 'zod';
import { MAX_ATTENDEES_PER_ORDER } from './checkout';

export const groupDiscountInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  minQuantity: z
    .number({ error: 'Minimum tickets must be a number' })
    .int('Minimum tickets must be a whole number')
    .min(2, 'Minimum tickets must be at least 2')
    .max(MAX_ATTENDEES_PER_ORDER, `Minimum tickets must be at most ${MAX_ATTENDEES_PER_ORDER} (the most tickets in one order)`),
  percent: z
    .number({ error: 'Discount must be a number' })
    .int('Discount must be a whole percentage')
    .min(1, 'Discount must be between 1 and 100 %')
    .max(100, 'Discount must be between 1 and 100 %'),
  /** Empty: every ticket type of the event. */
  ticketTypeIds: z.array(z.number().int().positive(), { error: 'Choose ticket types' }).max(50).default([]),
  active: z.boolean({ error: 'Active must be yes or no' }).default(true),
});
export type GroupDiscountInput = z.input<typeof groupDiscountInputSchema>;

export interface GroupDiscount {
  id: number;
  eventId: number;
  name: string;
  minQuantity: number;
  percent: number;
  ticketTypeIds: number[];
  active: boolean;
  updatedAt: string;
}
