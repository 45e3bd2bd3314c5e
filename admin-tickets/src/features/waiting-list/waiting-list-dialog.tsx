import { useState } from 'react';
import styled from 'styled-components';
import type { Ticket, WaitingListEntryView } from '@tdk/api/contract';
import { Button, ConfirmDialog, Dialog, formatDateTime, getErrorMessage, useSession, useToast } from '@tdk/shared-ui';
import { DataTable, ListError, NoWrap, StatusBadge } from '@tdk/shared-ui/admin';
import { demandLine, offerState } from './offer-state';
import { useMoveWaitingListEntry, useRemoveWaitingListEntry, useWaitingList } from './queries';

/**
 * A ticket type's waiting list (decision 024): the line in order with each entry's offer, what
 * it would sell if capacity were added, and (managers) moving or removing entries.
 */
export function WaitingListDialog({
  ticket,
  onClose,
}: {
  ticket: Pick<Ticket, 'id' | 'name' | 'eventName'> | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={ticket !== null}
      onClose={onClose}
      title={`Waiting list: ${ticket?.name ?? ''}`}
      description={ticket?.eventName}
      size="lg"
    >
      {ticket && <WaitingListBody ticketId={ticket.id} />}
    </Dialog>
  );
}

function WaitingListBody({ ticketId }: { ticketId: number }) {
  const session = useSession();
  const canWrite = session.hasRole('manager');
  const { toast } = useToast();
  const { data, error, isPending } = useWaitingList(ticketId);
  const move = useMoveWaitingListEntry(ticketId);
  const remove = useRemoveWaitingListEntry(ticketId);
  const [removing, setRemoving] = useState<WaitingListEntryView | null>(null);
  const inLine = (data?.entries ?? []).filter((e) => e.place !== null);
  const failed = (caught: unknown) => toast({ title: 'Error', description: getErrorMessage(caught), variant: 'destructive' });

  if (error) return <ListError role="alert">Failed to load the waiting list.</ListError>;
  return (
    <>
      {data && (
        <Demand data-testid="waiting-list-demand">
          <strong>{demandLine(data.waiting)}</strong>
          <span>{data.ticket.available} available now</span>
        </Demand>
      )}
      <DataTable
        caption="Waiting list"
        hideCaption
        loading={isPending}
        rows={data?.entries ?? []}
        getRowKey={(entry) => entry.id}
        emptyTitle="Nobody is waiting"
        emptyMessage="When this ticket sells out, buyers can join its waiting list on the event page."
        minWidth={760}
        columns={[
          { key: 'place', header: 'Order', align: 'right', render: (entry) => entry.place ?? '—' },
          {
            key: 'entry',
            header: 'Entry',
            render: (entry) => (
              <>
                <strong>{entry.name}</strong>
                {/* Gate staff receive no contacts (decision 047). */}
                {entry.email && <Sub>{entry.email}</Sub>}
                {entry.phone && <Sub>{entry.phone}</Sub>}
              </>
            ),
          },
          { key: 'quantity', header: 'How many', align: 'right', render: (entry) => entry.quantity },
          { key: 'joined', header: 'Joined', render: (entry) => <NoWrap>{formatDateTime(entry.joinedAt)}</NoWrap> },
          {
            key: 'offer',
            header: 'Offer',
            render: (entry) => {
              const state = offerState(entry);
              return <StatusBadge tone={state.tone} label={state.label} />;
            },
          },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  header: 'Actions',
                  align: 'right' as const,
                  render: (entry: WaitingListEntryView) =>
                    entry.place === null ? null : (
                      <Actions>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Move ${entry.name} up`}
                          disabled={entry.place === 1 || move.isPending}
                          onClick={() => move.mutate({ entryId: entry.id, direction: 'up' }, { onError: failed })}
                        >
                          Up
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Move ${entry.name} down`}
                          disabled={entry.place === inLine.length || move.isPending}
                          onClick={() => move.mutate({ entryId: entry.id, direction: 'down' }, { onError: failed })}
                        >
                          Down
                        </Button>
                        <Button size="sm" variant="danger" aria-label={`Remove ${entry.name}`} onClick={() => setRemoving(entry)}>
                          Remove
                        </Button>
                      </Actions>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the waiting list?"
        message={removing ? `${removing.name} (${removing.email}) leaves the waiting list.` : ''}
        details={removing?.status === 'offered' ? 'The seats offered to them pass to the next entry in line.' : undefined}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          !removing
            ? undefined
            : remove.mutateAsync(removing.id).then(
                () => {
                  toast({ title: 'Removed', description: `${removing.name} is off the waiting list.`, variant: 'success' });
                  setRemoving(null);
                },
                (caught: unknown) => {
                  failed(caught);
                  setRemoving(null);
                },
              )
        }
      />
    </>
  );
}

const Demand = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Actions = styled.span`
  display: inline-flex;
  gap: 4px;
`;
