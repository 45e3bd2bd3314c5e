// The event form's "After the sale" section (decision 023): what buyers may do themselves from My
// bookings, and until when. Each is off until staff switch it on; the rules and messages are the
// contract's (selfServicePolicySchema).
import styled from 'styled-components';
import { NO_SELF_SERVICE, type EventInput, type SelfServicePolicy } from '@tdk/api/contract';
import { Field, Input } from '@tdk/shared-ui';
import { Switch } from '@tdk/shared-ui/admin';
import { Controller, type UseFormReturn } from '@tdk/shared-ui/forms';

/** What a switched-on rule starts from. */
export const SELF_SERVICE_STARTS: { [K in keyof SelfServicePolicy]: NonNullable<SelfServicePolicy[K]> } = {
  cancel: { daysBefore: 3, feePercent: 10 },
  transfer: { hoursBefore: 24 },
  changeDetails: { hoursBefore: 24 },
};

/** A number input's value as the schema judges it: empty or not a number is NaN, refused with its label. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

type EventForm = UseFormReturn<EventInput, unknown, unknown>;

export function SelfServiceSection({ form }: { form: EventForm }) {
  return (
    <Controller
      control={form.control}
      name="selfService"
      render={({ field, formState }) => {
        const policy: SelfServicePolicy = { ...NO_SELF_SERVICE, ...field.value };
        const errors = (formState.errors.selfService ?? {}) as Record<string, Record<string, { message?: string }> | undefined>;
        const set = (next: Partial<SelfServicePolicy>) => field.onChange({ ...policy, ...next });
        return (
          <Rules>
            <Rule>
              <Switch
                label="Buyers may cancel"
                description="Shown to buyers in My bookings; staff make the refund."
                checked={policy.cancel !== null}
                onCheckedChange={(on) => set({ cancel: on ? SELF_SERVICE_STARTS.cancel : null })}
              />
              {policy.cancel && (
                <Numbers>
                  <Field label="Until (days before the event)" required error={errors.cancel?.daysBefore?.message}>
                    <Input
                      type="number"
                      min={0}
                      step={1}
                      value={Number.isNaN(policy.cancel.daysBefore) ? '' : policy.cancel.daysBefore}
                      onChange={(e) => set({ cancel: { ...policy.cancel!, daysBefore: numberOf(e.target.value) } })}
                    />
                  </Field>
                  <Field label="Cancellation fee (%)" required error={errors.cancel?.feePercent?.message}>
                    <Input
                      type="number"
                      min={0}
                      max={100}
                      step={1}
                      value={Number.isNaN(policy.cancel.feePercent) ? '' : policy.cancel.feePercent}
                      onChange={(e) => set({ cancel: { ...policy.cancel!, feePercent: numberOf(e.target.value) } })}
                    />
                  </Field>
                </Numbers>
              )}
            </Rule>
            <Rule>
              <Switch
                label="Buyers may transfer a ticket to another person"
                description="The ticket gets a new number; its old QR code stops admitting at once."
                checked={policy.transfer !== null}
                onCheckedChange={(on) => set({ transfer: on ? SELF_SERVICE_STARTS.transfer : null })}
              />
              {policy.transfer && (
                <Numbers>
                  <Field label="Transfers until (hours before the start)" required error={errors.transfer?.hoursBefore?.message}>
                    <Input
                      type="number"
                      min={0}
                      step={1}
                      value={Number.isNaN(policy.transfer.hoursBefore) ? '' : policy.transfer.hoursBefore}
                      onChange={(e) => set({ transfer: { hoursBefore: numberOf(e.target.value) } })}
                    />
                  </Field>
                </Numbers>
              )}
            </Rule>
            <Rule>
              <Switch
                label="Buyers may change an attendee's details"
                description="With the same rules as at checkout; the buyer is e-mailed."
                checked={policy.changeDetails !== null}
                onCheckedChange={(on) => set({ changeDetails: on ? SELF_SERVICE_STARTS.changeDetails : null })}
              />
              {policy.changeDetails && (
                <Numbers>
                  <Field
                    label="Changes until (hours before the start)"
                    required
                    error={errors.changeDetails?.hoursBefore?.message}
                  >
                    <Input
                      type="number"
                      min={0}
                      step={1}
                      value={Number.isNaN(policy.changeDetails.hoursBefore) ? '' : policy.changeDetails.hoursBefore}
                      onChange={(e) => set({ changeDetails: { hoursBefore: numberOf(e.target.value) } })}
                    />
                  </Field>
                </Numbers>
              )}
            </Rule>
          </Rules>
        );
      }}
    />
  );
}

const Rules = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-column: 1 / -1;
`;

const Rule = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Numbers = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;
