// A manager's new promo code (issue 25, decision 033): the code, a percentage, an amount off or a
// set price, the ticket types (none chosen: all), the validity in India time, the limits (empty:
// none) and a sponsor's reserved seats. The form runs the contract's promoCodeInputSchema, fetched
// with zod on the first submit, so the API's rules and words are said on the fields before sending.
import styled from 'styled-components';
import type { PromoCodeInput, PromoCodeKind } from '@tdk/api/contract';
import { Button, Dialog, Field, Input, Select, getErrorMessage, useToast } from '@tdk/shared-ui';
import { Controller, applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { TicketTypeChoice } from './discount-parts';
import { useCreatePromoCode } from './queries';

const EMPTY: PromoCodeInput = {
  code: '',
  kind: 'percent',
  value: 10,
  ticketTypeIds: [],
  validFrom: '',
  validUntil: '',
  maxUses: null,
  maxUsesPerEmail: null,
  reservedSeats: null,
  active: true,
};

const FIELDS = [
  'code',
  'kind',
  'value',
  'ticketTypeIds',
  'validFrom',
  'validUntil',
  'maxUses',
  'maxUsesPerEmail',
  'reservedSeats',
] as const;

const KIND_OPTIONS: { value: PromoCodeKind; label: string }[] = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'amount', label: 'Amount off each ticket' },
  { value: 'price', label: 'Set price for each ticket' },
];

const VALUE_LABEL: Readonly<Record<PromoCodeKind, string>> = {
  percent: 'Discount (%)',
  amount: 'Amount off (₹)',
  price: 'Price with the code (₹)',
};

/** A number typed, NaN when empty (the schema says it is required). */
const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));
/** A limit typed, null when left empty (no limit). */
const asLimit = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

export function NewPromoCodeDialog({
  open,
  eventId,
  ticketTypes,
  onClose,
}: {
  open: boolean;
  eventId: number;
  ticketTypes: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const save = useCreatePromoCode(eventId);
  const form = useLazySchemaForm(() => import('./promo-code-schema').then((m) => m.promoCodeInputSchema), {
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind') ?? 'percent';

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const { promoCode } = await save.mutateAsync(values);
      toast({ title: 'Promo code created', description: `${promoCode.code} can be used now.`, variant: 'success' });
      close();
    } catch (error) {
      if (applyServerErrors<PromoCodeInput>(error, form.setError, FIELDS)) return;
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="New promo code"
      description="Buyers type the code in the Booking Summary; letters are matched whatever their case."
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="new-promo-code" loading={save.isPending}>
            Create code
          </Button>
        </>
      }
    >
      <Form id="new-promo-code" aria-label="New promo code" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Code" required error={errors.code?.message} hint="3 to 32 letters, digits, - or _, e.g. EARLYBIRD">
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={32} {...form.register('code')} />
        </Field>
        <Field label="Kind" required error={errors.kind?.message}>
          <Select {...form.register('kind')}>
            {KIND_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={VALUE_LABEL[kind]}
          required
          error={errors.value?.message}
          hint={kind === 'price' ? '0 makes the ticket free; a price above the ticket’s own is never charged.' : undefined}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={kind === 'percent' ? 1 : 0.01}
            {...form.register('value', { setValueAs: asNumber })}
          />
        </Field>
        <Controller
          control={form.control}
          name="ticketTypeIds"
          render={({ field }) => (
            <TicketTypeChoice
              types={ticketTypes}
              value={field.value}
              onChange={field.onChange}
              error={errors.ticketTypeIds?.message}
            />
          )}
        />
        <Field label="Valid from (India time)" error={errors.validFrom?.message} hint="Empty: from now">
          <Input type="datetime-local" {...form.register('validFrom')} />
        </Field>
        <Field label="Valid until (India time)" error={errors.validUntil?.message} hint="Empty: until the sale ends">
          <Input type="datetime-local" {...form.register('validUntil')} />
        </Field>
        <Field label="Total uses" error={errors.maxUses?.message} hint="Tickets in all; empty: no limit">
          <Input type="number" min={1} step={1} {...form.register('maxUses', { setValueAs: asLimit })} />
        </Field>
        <Field label="Uses per buyer e-mail" error={errors.maxUsesPerEmail?.message} hint="Empty: no limit">
          <Input type="number" min={1} step={1} {...form.register('maxUsesPerEmail', { setValueAs: asLimit })} />
        </Field>
        <Field
          label="Reserved seats"
          error={errors.reservedSeats?.message}
          hint="A sponsor’s block, kept out of general sale for this code (one ticket type); empty: none"
        >
          <Input type="number" min={1} step={1} {...form.register('reservedSeats', { setValueAs: asLimit })} />
        </Field>
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;
