// The event form's convenience fee (issue 42, decision 060): whether buyers pay the platform a fee per
// ticket, a percentage of the ticket's price after discounts or a fixed amount, with 18% GST on top.
// The platform's maximum per ticket is the server's to check (Settings → Platform Management).
import styled from 'styled-components';
import type { EventInput } from '@tdk/api/contract';
import { Field, Input, Select } from '@tdk/shared-ui';
import { Controller, type UseFormReturn } from '@tdk/shared-ui/forms';

type EventForm = UseFormReturn<EventInput, unknown, unknown>;
type Fee = NonNullable<EventInput['convenienceFee']>;

/** A number input's value as the schema judges it: empty or not a number is NaN, refused with its message. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** What choosing a kind starts from. */
const STARTS: Record<Fee['kind'], number> = { percent: 2, amount: 30 };

export function ConvenienceFeeSection({ form }: { form: EventForm }) {
  return (
    <Controller
      control={form.control}
      name="convenienceFee"
      render={({ field, formState }) => {
        const fee = (field.value ?? null) as Fee | null;
        const errors = (formState.errors.convenienceFee ?? {}) as { kind?: { message?: string }; value?: { message?: string } };
        return (
          <Row>
            <Field
              label="Convenience fee"
              error={errors.kind?.message}
              hint="Paid by the buyer per paid ticket, on top of its price, with 18% GST added; free tickets pay none. Kept when the buyer cancels; refunded when you cancel or postpone the event."
            >
              <Select
                aria-label="Convenience fee"
                value={fee?.kind ?? ''}
                onChange={(e) => {
                  const kind = e.target.value as Fee['kind'] | '';
                  field.onChange(kind === '' ? null : { kind, value: fee?.kind === kind ? fee.value : STARTS[kind] });
                }}
              >
                <option value="">None</option>
                <option value="percent">A percentage of the ticket price</option>
                <option value="amount">A fixed amount per ticket</option>
              </Select>
            </Field>
            {fee && (
              <Field
                label={fee.kind === 'percent' ? 'Fee (% of the ticket price after discounts)' : 'Fee per ticket (₹)'}
                required
                error={errors.value?.message}
              >
                <Input
                  type="number"
                  min={0}
                  step={0.01}
                  value={Number.isNaN(fee.value) ? '' : fee.value}
                  onChange={(e) => field.onChange({ ...fee, value: numberOf(e.target.value) })}
                />
              </Field>
            )}
          </Row>
        );
      }}
    />
  );
}

const Row = styled.div`
  display: contents;
`;
