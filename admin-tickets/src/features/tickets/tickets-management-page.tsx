import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Ticket } from '@tdk/api/contract';
import {
  Button,
  PlusIcon,
  SearchHint,
  SearchInput,
  formatPrice,
  formatRupees,
  formatShortDate,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import {
  RowActionButtons,
  DataTable,
  ListError,
  ListToolbar,
  type DataTableColumn,
  useColumnChooser,
  NoWrap,
  PageHeader,
  Pager,
  StatCard,
  StatGrid,
  StatusBadge,
  Switch,
  TicketStatusBadge,
  usePageOf,
  useSearchText,
} from '@tdk/shared-ui/admin';
import { DeleteTicketDialog, TicketDetailDialog } from './ticket-dialogs';
import { TicketFormDialog } from './ticket-form-dialog';
import { ticketFacts, validityOf } from './ticket-rules';
import { useAdminTickets, useTicketSummary } from './queries';
import { WaitingListDialog } from '../waiting-list/waiting-list-dialog';

const PERIOD_TONE = { anytime: 'grey', upcoming: 'blue', current: 'green', ended: 'grey' } as const;

function ValidPeriod({ ticket }: { ticket: Ticket }) {
  const state = validityOf(ticket);
  if (state === 'anytime') return <StatusBadge tone="grey" label="Anytime" dot={false} />;
  const label = `${ticket.validFrom ? formatShortDate(ticket.validFrom) : '…'} – ${ticket.validUntil ? formatShortDate(ticket.validUntil) : '…'}`;
  return <StatusBadge tone={PERIOD_TONE[state]} label={label} data-period={state} />;
}

/** The name, with its category, team and bib facts under it when it has any ("18+ · Women"). */
function TicketName({ ticket }: { ticket: Ticket }) {
  const facts = ticketFacts(ticket);
  return (
    <>
      <strong>{ticket.name}</strong>
      {facts.length > 0 && <Facts>{facts.join(' · ')}</Facts>}
    </>
  );
}

const RowActions = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
`;

const Facts = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

type Open = { dialog: 'view' | 'edit' | 'delete' | 'waiting'; ticket: Ticket } | { dialog: 'create' } | null;

export function TicketsManagementPage() {
  const session = useSession();
  const { toast } = useToast();
  const [typed, setTyped] = useState('');
  const { search, hint } = useSearchText(typed);
  const [showExpired, setShowExpired] = useState(false);
  const [page, setPage] = usePageOf([search, showExpired]);
  const [open, setOpen] = useState<Open>(null);
  const canWrite = session.hasRole('manager');
  // The server pages and filters; the cards are its sums over every ticket type.
  const { data, error, isPending } = useAdminTickets({ search, showExpired, page });
  const { data: summary, error: summaryError, isPending: summaryPending } = useTicketSummary();
  const failed = Boolean(error || summaryError);

  useEffect(() => {
    if (failed) toast({ title: 'Error', description: 'Failed to load tickets and events.', variant: 'destructive' });
  }, [failed, toast]);
  const close = () => setOpen(null);
  // The category is a column staff add when they want it, and the actions keep to the right edge,
  // so a laptop sees the price, the sales and the actions without scrolling sideways (issue 27).
  const table = useColumnChooser<DataTableColumn<Ticket>>('tickets', [
    { key: 'name', header: 'Ticket Name', render: (ticket) => <TicketName ticket={ticket} /> },
    { key: 'event', header: 'Event', optional: 'shown', render: (ticket) => ticket.eventName },
    { key: 'category', header: 'Category', optional: 'hidden', render: (ticket) => ticket.category },
    { key: 'price', header: 'Price', align: 'right', render: (ticket) => <NoWrap>{formatPrice(ticket.price)}</NoWrap> },
    // 'Sold' over '12/150': sold of the type's quantity.
    {
      key: 'sold',
      header: 'Sold',
      label: 'Sold of total',
      align: 'right',
      render: (ticket) => `${ticket.sold}/${ticket.quantity}`,
    },
    { key: 'period', header: 'Valid Period', optional: 'shown', render: (ticket) => <ValidPeriod ticket={ticket} /> },
    { key: 'status', header: 'Status', render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      sticky: 'end',
      align: 'right',
      render: (ticket) => (
        <RowActions>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Waiting list of ${ticket.name}`}
            onClick={() => setOpen({ dialog: 'waiting', ticket })}
          >
            Waiting list
          </Button>
          <RowActionButtons
            name={ticket.name}
            onView={() => setOpen({ dialog: 'view', ticket })}
            onEdit={canWrite ? () => setOpen({ dialog: 'edit', ticket }) : undefined}
            onDelete={canWrite ? () => setOpen({ dialog: 'delete', ticket }) : undefined}
          />
        </RowActions>
      ),
    },
  ]);

  return (
    <>
      <PageHeader
        title="Tickets Management"
        subtitle="Manage all event tickets"
        actions={
          canWrite && (
            <Button leftIcon={<PlusIcon size={18} />} onClick={() => setOpen({ dialog: 'create' })}>
              Create Ticket
            </Button>
          )
        }
      />
      {failed && <ListError role="alert">Failed to load tickets and events.</ListError>}
      <StatGrid>
        <StatCard
          label="Active Tickets"
          value={summary?.activeQuantity ?? '–'}
          hint={summary ? `${summary.activeTypes} ticket ${summary.activeTypes === 1 ? 'type' : 'types'}` : undefined}
          loading={summaryPending}
        />
        <StatCard label="Tickets Sold" value={summary?.sold ?? '–'} loading={summaryPending} tone="green" />
        <StatCard label="Available" value={summary?.available ?? '–'} loading={summaryPending} tone="blue" />
        {/* The money taken is for managers and admins (decision 047): the API leaves it out for the others. */}
        {session.hasNeed('seeRevenue') && (
          <StatCard
            label="Total Revenue"
            value={summary?.revenue !== undefined ? formatRupees(summary.revenue) : '–'}
            loading={summaryPending}
            tone="yellow"
          />
        )}
      </StatGrid>
      <ListToolbar>
        <SearchInput
          placeholder="Search tickets..."
          aria-label="Search tickets"
          aria-describedby="tickets-search-hint"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <SearchHint id="tickets-search-hint">{hint}</SearchHint>
        <Switch checked={showExpired} onCheckedChange={setShowExpired} label="Show expired tickets" />
        {table.chooser}
      </ListToolbar>
      <DataTable
        caption="Tickets"
        hideCaption
        loading={isPending}
        rows={data?.tickets ?? []}
        getRowKey={(ticket) => ticket.id}
        emptyTitle={search ? 'No tickets match your search' : 'No tickets yet'}
        emptyMessage={search ? 'Try another word.' : 'Ticket types you create will appear here.'}
        minWidth={table.minWidth}
        columns={table.columns}
      />
      {data && (
        <Pager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          totalIsAtLeast={data.totalIsAtLeast}
          onPage={setPage}
        />
      )}
      <TicketFormDialog
        open={open?.dialog === 'create' || open?.dialog === 'edit'}
        ticket={open?.dialog === 'edit' ? open.ticket : undefined}
        onClose={close}
      />
      <TicketDetailDialog ticket={open?.dialog === 'view' ? open.ticket : null} onClose={close} />
      <DeleteTicketDialog ticket={open?.dialog === 'delete' ? open.ticket : null} onClose={close} />
      <WaitingListDialog ticket={open?.dialog === 'waiting' ? open.ticket : null} onClose={close} />
    </>
  );
}
