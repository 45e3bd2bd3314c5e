import { useEffect } from 'react';
import styled from 'styled-components';
import { TICKET_CATEGORIES, TICKET_STATUSES, ticketInputSchema, type Ticket, type TicketInput } from '@tdk/api/contract';
import { Button, Dialog, Field, Input, Select, Textarea, getErrorMessage, isApiError, useToast, Options } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useCreateTicket, useEventChoices, useUpdateTicket } from './queries';

const EMPTY: TicketInput = {
  eventId: 0,
  name: '',
  description: '',
  category: 'General',
  price: 0,
  quantity: 100,
  validFrom: '',
  validUntil: '',
  status: 'Active',
};

const valuesOf = (ticket: Ticket): TicketInput => ({
  eventId: ticket.eventId,
  name: ticket.name,
  description: ticket.description,
  category: ((TICKET_CATEGORIES as readonly string[]).includes(ticket.category)
    ? ticket.category
    : 'General') as TicketInput['category'],
  price: ticket.price,
  quantity: ticket.quantity,
  sold: ticket.sold,
  validFrom: ticket.validFrom?.slice(0, 10) ?? '',
  validUntil: ticket.validUntil?.slice(0, 10) ?? '',
  status: ticket.status,
});

const asNumber = (value: unknown) => {
  const n = Number(value);
  return value === '' || Number.isNaN(n) ? 0 : n;
};

/** Create New Ticket / Edit Ticket (SPEC.md sections 2 and 5); Sold Count only when editing. */
export function TicketFormDialog({ open, ticket, onClose }: { open: boolean; ticket?: Ticket; onClose: () => void }) {
  const { toast } = useToast();
  const events = useEventChoices();
  const create = useCreateTicket();
  const update = useUpdateTicket();
  const form = useSchemaForm(ticketInputSchema, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const eventId = form.watch('eventId');
  const eventName = events.data?.find((event) => event.id === eventId)?.title;

  useEffect(() => {
    if (open) form.reset(ticket ? valuesOf(ticket) : EMPTY);
  }, [open, ticket, form]);

  const submit = form.handleSubmit(async (input) => {
    try {
      if (ticket) {
        await update.mutateAsync({ id: ticket.id, input: { ...input, updatedAt: ticket.updatedAt } });
        toast({ title: 'Success', description: `${input.name} has been updated successfully`, variant: 'success' });
      } else {
        await create.mutateAsync(input);
        toast({ title: 'Success', description: `${input.name} has been created successfully`, variant: 'success' });
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError);
      const message = isApiError(error) ? getErrorMessage(error) : 'Unknown error';
      toast({
        title: 'Error',
        description: `Failed to ${ticket ? 'update' : 'create'} ticket: ${message}`,
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={ticket ? 'Edit Ticket' : 'Create New Ticket'}
      description={eventName ? `For ${eventName}` : 'Pick the event this ticket belongs to.'}
      size="lg"
      closeOnBackdropClick={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="ticket-form" loading={isSubmitting}>
            {ticket ? 'Update Ticket' : 'Create Ticket'}
          </Button>
        </>
      }
    >
      <form id="ticket-form" onSubmit={submit} noValidate>
        <Grid>
          <Wide>
            <Field label="Event" required error={errors.eventId?.message}>
              <Select {...form.register('eventId', { setValueAs: asNumber })}>
                <option value={0}>Select an event</option>
                {events.data?.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title}
                  </option>
                ))}
              </Select>
            </Field>
          </Wide>
          <Field label="Ticket Name" required error={errors.name?.message}>
            <Input {...form.register('name')} />
          </Field>
          <Field label="Category" required error={errors.category?.message}>
            <Select {...form.register('category')}>
              <Options values={TICKET_CATEGORIES} />
            </Select>
          </Field>
          <Field label="Price (₹)" required error={errors.price?.message}>
            <Input type="number" min={0} step={0.01} {...form.register('price', { setValueAs: asNumber })} />
          </Field>
          <Field label="Quantity" required error={errors.quantity?.message}>
            <Input type="number" min={1} step={1} {...form.register('quantity', { setValueAs: asNumber })} />
          </Field>
          {ticket && (
            <Field label="Sold Count" error={errors.sold?.message}>
              <Input type="number" min={0} step={1} {...form.register('sold', { setValueAs: asNumber })} />
            </Field>
          )}
          <Field label="Status" error={errors.status?.message}>
            <Select {...form.register('status')}>
              <Options values={TICKET_STATUSES} />
            </Select>
          </Field>
          <Field label="Valid From" error={errors.validFrom?.message}>
            <Input type="date" {...form.register('validFrom')} />
          </Field>
          <Field label="Valid Until" error={errors.validUntil?.message}>
            <Input type="date" {...form.register('validUntil')} />
          </Field>
          <Wide>
            <Field label="Description" error={errors.description?.message}>
              <Textarea rows={3} {...form.register('description')} />
            </Field>
          </Wide>
        </Grid>
      </form>
    </Dialog>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;
