// An event's group discounts in the console (issue 25, decision 031): buy at least N tickets (of
// the chosen types) and get X % off those, applied by the API at checkout. Every staff role sees
// them; managers add one and switch one off or on (a rule already used stays on its orders).
import { useState } from 'react';
import styled from 'styled-components';
import { groupDiscountInputSchema, type GroupDiscount, type GroupDiscountInput, type SportEvent } from '@tdk/api/contract';
import { Button, Dialog, Field, Input, getErrorMessage, useToast } from '@tdk/shared-ui';
import { DataTable, type DataTableColumn } from '@tdk/shared-ui/admin';
import { TicketTypeChoice, activeColumn } from './discount-parts';
import { Controller, applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useEventTicketTypes, useGroupDiscounts, useSaveGroupDiscount } from './queries';

const EMPTY: Required<GroupDiscountInput> = { name: '', minQuantity: 4, percent: 10, ticketTypeIds: [], active: true };

const asNumber = (value: unknown) => (value === '' ? Number.NaN : Number(value));

/** 'All ticket types' or the chosen types' names. */
export function ticketTypesText(ids: readonly number[], types: readonly { id: number; name: string }[]): string {
  if (ids.length === 0) return 'All ticket types';
  return ids.map((id) => types.find((type) => type.id === id)?.name ?? `Ticket type #${id}`).join(', ');
}

export function GroupDiscountsDialog({
  event,
  canWrite,
  onClose,
}: {
  event: SportEvent | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const discounts = useGroupDiscounts(event?.id ?? null);
  const types = useEventTicketTypes(event?.id);
  const save = useSaveGroupDiscount(event?.id ?? 0);
  const form = useSchemaForm(groupDiscountInputSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const [adding, setAdding] = useState(false);
  const typeList = types.data ?? [];

  const close = () => {
    form.reset(EMPTY);
    setAdding(false);
    onClose();
  };

  const add = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: null, input: values });
      toast({
        title: 'Group discount added',
        description: `${values.name}: ${values.percent} % off from ${values.minQuantity} tickets.`,
        variant: 'success',
      });
      form.reset(EMPTY);
      setAdding(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'minQuantity', 'percent', 'ticketTypeIds']);
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  });

  const setActive = async (discount: GroupDiscount, active: boolean) => {
    const { name, minQuantity, percent, ticketTypeIds } = discount;
    try {
      await save.mutateAsync({ id: discount.id, input: { name, minQuantity, percent, ticketTypeIds, active } });
      toast({
        title: active ? 'Group discount switched on' : 'Group discount switched off',
        description: name,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  const columns: DataTableColumn<GroupDiscount>[] = [
    { key: 'name', header: 'Name', render: (d) => d.name },
    { key: 'min', header: 'From', render: (d) => `${d.minQuantity} tickets` },
    { key: 'percent', header: 'Discount', align: 'right', render: (d) => `${d.percent} %` },
    { key: 'types', header: 'Ticket types', render: (d) => ticketTypesText(d.ticketTypeIds, typeList) },
    activeColumn<GroupDiscount>({
      canWrite,
      pending: save.isPending,
      nameOf: (d) => d.name,
      onChange: (d, on) => void setActive(d, on),
    }),
  ];

  return (
    <Dialog
      open={event !== null}
      onClose={close}
      title={event ? `Group discounts: ${event.title}` : 'Group discounts'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
          {canWrite && !adding && <Button onClick={() => setAdding(true)}>Add group discount</Button>}
        </>
      }
    >
      <Intro>
        Applied by itself at checkout to an order with at least the number of tickets, on those tickets, and shown to the buyer as
        a line. When several apply, each ticket takes the best; a promo code then applies to what is left.
      </Intro>
      {discounts.error && <p role="alert">Failed to load the group discounts.</p>}
      <DataTable
        caption="Group discounts"
        hideCaption
        loading={discounts.isPending}
        rows={discounts.data ?? []}
        getRowKey={(d) => d.id}
        emptyTitle="No group discounts."
        emptyMessage={canWrite ? 'Add one to reward groups and clubs that book together.' : 'A manager can add one.'}
        columns={columns}
      />
      {canWrite && adding && (
        <AddForm aria-label="New group discount" onSubmit={(e) => void add(e)} noValidate>
          <Field
            label="Name"
            required
            error={errors.name?.message}
            hint="Shown to buyers as the discount's line, e.g. 'Club of 4 or more'."
          >
            <Input {...form.register('name')} />
          </Field>
          <Field label="Minimum tickets" required error={errors.minQuantity?.message}>
            <Input type="number" min={2} step={1} {...form.register('minQuantity', { setValueAs: asNumber })} />
          </Field>
          <Field label="Discount (%)" required error={errors.percent?.message}>
            <Input type="number" min={1} max={100} step={1} {...form.register('percent', { setValueAs: asNumber })} />
          </Field>
          <Controller
            control={form.control}
            name="ticketTypeIds"
            render={({ field }) => (
              <TicketTypeChoice
                types={typeList}
                value={field.value}
                onChange={field.onChange}
                error={errors.ticketTypeIds?.message}
              />
            )}
          />
          <Actions>
            <Button
              variant="outline"
              onClick={() => {
                form.reset(EMPTY);
                setAdding(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save group discount
            </Button>
          </Actions>
        </AddForm>
      )}
    </Dialog>
  );
}

const Intro = styled.p`
  margin-top: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AddForm = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Actions = styled.div`
  grid-column: 1 / -1;
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
