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
  // Decision 071: staff choose the deadline (the event's date and time are not known here).
  raceChange: { swap: true, defer: true, until: '', feePaise: 0 },
};

/** Paise shown as rupees in the fee field; rupees typed are whole paise (NaN when not a number). */
const rupeesOf = (paise: number) => (Number.isNaN(paise) ? '' : String(paise / 100));
const paiseOf = (value: string) => (value.trim() === '' ? Number.NaN : Math.round(Number(value) * 100));

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
        const raceChange = policy.raceChange ?? null;
        const setRace = (next: Partial<NonNullable<SelfServicePolicy['raceChange']>>) =>
          set({ raceChange: { ...raceChange!, ...next } });
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
            <Rule>
              <Switch
                label="Participants may change race or defer"
                description="From My bookings: move to another race of this event (a cheaper one refunds the difference less the fee), or defer to your next edition as a credit (what was paid less the fee)."
                checked={raceChange !== null}
                onCheckedChange={(on) => set({ raceChange: on ? SELF_SERVICE_STARTS.raceChange : null })}
              />
              {raceChange && (
                <>
                  <Switch
                    label="Move to another race"
                    checked={raceChange.swap}
                    onCheckedChange={(on) => setRace({ swap: on })}
                  />
                  <Switch
                    label="Defer to the next edition"
                    checked={raceChange.defer}
                    onCheckedChange={(on) => setRace({ defer: on })}
                  />
                  {errors.raceChange?.swap?.message && <Problem role="alert">{errors.raceChange.swap.message}</Problem>}
                  <Numbers>
                    <Field label="Race changes until (India time)" required error={errors.raceChange?.until?.message}>
                      <Input
                        type="datetime-local"
                        value={raceChange.until}
                        onChange={(e) => setRace({ until: e.target.value })}
                      />
                    </Field>
                    <Field label="Fee per change (₹)" required error={errors.raceChange?.feePaise?.message}>
                      <Input
                        type="number"
                        min={0}
                        step={0.01}
                        value={rupeesOf(raceChange.feePaise)}
                        onChange={(e) => setRace({ feePaise: paiseOf(e.target.value) })}
                      />
                    </Field>
                  </Numbers>
                </>
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

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const Numbers = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;
