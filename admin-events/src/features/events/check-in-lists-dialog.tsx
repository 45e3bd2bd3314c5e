// An event's check-in lists in the console (issue 43, decision 065): race-day entry and kit
// collection are built in; managers add their own (a VIP enclosure, a second day), optionally for
// some ticket types, and delete one nobody was admitted to. Every staff role sees the live counts
// per list and gate; the gate screen (admin-registrations) chooses the list to admit to.
import { useState } from 'react';
import styled from 'styled-components';
import type { CheckInListInput, CheckInListView, SportEvent } from '@tdk/api/contract';
import { Button, Dialog, Field, Input, getErrorMessage, useToast } from '@tdk/shared-ui';
import { DataTable, type DataTableColumn } from '@tdk/shared-ui/admin';
import { Controller, applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { TicketTypeChoice } from './discount-parts';
import { ticketTypesText } from './group-discounts-dialog';
import { useCheckInListChanges, useEventCheckInCounts, useEventCheckInLists, useEventTicketTypes } from './queries';

const EMPTY: Required<CheckInListInput> = { name: '', ticketTypeIds: [] };

const BUILT_IN_NAMES: Record<string, string> = { entry: 'Race-day entry', kit: 'Kit collection' };
export const checkInListName = (list: Pick<CheckInListView, 'id' | 'name' | 'builtIn'>) =>
  list.builtIn ? (BUILT_IN_NAMES[list.id] ?? list.id) : list.name;

export function CheckInListsDialog({
  event,
  canWrite,
  onClose,
}: {
  event: SportEvent | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const eventId = event?.id ?? null;
  const lists = useEventCheckInLists(eventId);
  const counts = useEventCheckInCounts(eventId);
  const types = useEventTicketTypes(event?.id);
  const changes = useCheckInListChanges(eventId ?? 0);
  const form = useLazySchemaForm(() => import('./check-in-list-schema').then((m) => m.checkInListInputSchema), {
    defaultValues: EMPTY,
  });
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
      await changes.add.mutateAsync(values);
      toast({ title: 'Check-in list added', description: values.name, variant: 'success' });
      form.reset(EMPTY);
      setAdding(false);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'ticketTypeIds']);
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  });

  const remove = async (list: CheckInListView) => {
    try {
      await changes.remove.mutateAsync(list.id);
      toast({ title: 'Check-in list deleted', description: list.name, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  const countOf = (id: string) => counts.data?.lists.find((each) => each.id === id);
  const columns: DataTableColumn<CheckInListView>[] = [
    { key: 'name', header: 'List', render: (l) => checkInListName(l) },
    { key: 'types', header: 'Ticket types', render: (l) => ticketTypesText(l.ticketTypeIds, typeList) },
    {
      key: 'in',
      header: 'Checked in',
      align: 'right',
      render: (l) => {
        const count = countOf(l.id);
        return count ? `${count.checkedIn} / ${count.eligible}` : '–';
      },
    },
    {
      key: 'gates',
      header: 'By gate',
      render: (l) =>
        countOf(l.id)
          ?.gates.map((g) => `${g.gate ?? 'No gate'}: ${g.count}`)
          .join(', ') || '–',
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (l: CheckInListView) =>
              l.builtIn ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${l.name}`}
                  disabled={changes.remove.isPending}
                  onClick={() => void remove(l)}
                >
                  Delete
                </Button>
              ),
          } satisfies DataTableColumn<CheckInListView>,
        ]
      : []),
  ];

  return (
    <Dialog
      open={event !== null}
      onClose={close}
      title={event ? `Check-in lists: ${event.title}` : 'Check-in lists'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
          {canWrite && !adding && <Button onClick={() => setAdding(true)}>Add check-in list</Button>}
        </>
      }
    >
      <Intro>
        An attendee is admitted once per list. Kit collection opens before the race day; the other lists on the day. The gate
        screen chooses the list to check in to.
      </Intro>
      {lists.error && <p role="alert">Failed to load the check-in lists.</p>}
      <DataTable
        caption="Check-in lists"
        hideCaption
        loading={lists.isPending}
        rows={lists.data ?? []}
        getRowKey={(l) => l.id}
        emptyTitle="No check-in lists."
        emptyMessage=""
        columns={columns}
      />
      {canWrite && adding && (
        <AddForm aria-label="New check-in list" onSubmit={(e) => void add(e)} noValidate>
          <Field label="Name" required error={errors.name?.message} hint="For example 'VIP enclosure' or 'Day 2'.">
            <Input {...form.register('name')} />
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
            <Button type="submit" disabled={changes.add.isPending}>
              Save check-in list
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
