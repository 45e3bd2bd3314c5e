import { useEffect, useMemo, useState } from 'react';
import type { Ticket } from '@tdk/api/contract';
import {
  Button,
  RowActionButtons,
  DataTable,
  ListError,
  ListToolbar,
  NoWrap,
  PageHeader,
  PlusIcon,
  SearchInput,
  StatCard,
  StatGrid,
  StatusBadge,
  Switch,
  TicketStatusBadge,
  formatNumber,
  formatPrice,
  formatRupees,
  formatShortDate,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import { DeleteTicketDialog, TicketDetailDialog } from './ticket-dialogs';
import { TicketFormDialog } from './ticket-form-dialog';
import { isOutsideWindow, matchesTicketSearch, summarise, validityOf } from './ticket-rules';
import { useAdminTickets } from './queries';

const PERIOD_TONE = { anytime: 'grey', upcoming: 'blue', current: 'green', ended: 'grey' } as const;

function ValidPeriod({ ticket }: { ticket: Ticket }) {
  const state = validityOf(ticket);
  if (state === 'anytime') return <StatusBadge tone="grey" label="Anytime" dot={false} />;
  const label = `${ticket.validFrom ? formatShortDate(ticket.validFrom) : '…'} – ${ticket.validUntil ? formatShortDate(ticket.validUntil) : '…'}`;
  return <StatusBadge tone={PERIOD_TONE[state]} label={label} data-period={state} />;
}

type Open = { dialog: 'view' | 'edit' | 'delete'; ticket: Ticket } | { dialog: 'create' } | null;

export function TicketsManagementPage() {
  const { data, error, isPending } = useAdminTickets();
  const session = useSession();
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const [showExpired, setShowExpired] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const canWrite = session.hasRole('manager');
  const tickets = useMemo(() => data?.tickets ?? [], [data]);
  const summary = summarise(tickets);
  const rows = tickets.filter((ticket) => matchesTicketSearch(ticket, search) && (showExpired || !isOutsideWindow(ticket)));

  useEffect(() => {
    if (error) toast({ title: 'Error', description: 'Failed to load tickets and events.', variant: 'destructive' });
  }, [error, toast]);
  const close = () => setOpen(null);

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
      {error && <ListError role="alert">Failed to load tickets and events.</ListError>}
      <StatGrid>
        <StatCard
          label="Active Tickets"
          value={isPending ? '–' : formatNumber(summary.activeQuantity)}
          hint={isPending ? undefined : `${summary.activeTypes} ticket ${summary.activeTypes === 1 ? 'type' : 'types'}`}
          loading={isPending}
        />
        <StatCard label="Tickets Sold" value={isPending ? '–' : formatNumber(summary.sold)} loading={isPending} tone="green" />
        <StatCard label="Available" value={isPending ? '–' : formatNumber(summary.available)} loading={isPending} tone="blue" />
        <StatCard
          label="Total Revenue"
          value={isPending ? '–' : formatRupees(summary.revenue)}
          loading={isPending}
          tone="yellow"
        />
      </StatGrid>
      <ListToolbar>
        <SearchInput placeholder="Search tickets..." value={search} onChange={(e) => setSearch(e.target.value)} />
        <Switch checked={showExpired} onCheckedChange={setShowExpired} label="Show expired tickets" />
      </ListToolbar>
      <DataTable
        caption="Tickets"
        hideCaption
        loading={isPending}
        rows={rows}
        getRowKey={(ticket) => ticket.id}
        emptyTitle={search ? 'No tickets match your search' : 'No tickets yet'}
        emptyMessage={search ? 'Try another word.' : 'Ticket types you create will appear here.'}
        minWidth={900}
        columns={[
          { key: 'name', header: 'Ticket Name', render: (ticket) => <strong>{ticket.name}</strong> },
          { key: 'event', header: 'Event', render: (ticket) => ticket.eventName },
          { key: 'category', header: 'Category', render: (ticket) => ticket.category },
          { key: 'price', header: 'Price', align: 'right', render: (ticket) => <NoWrap>{formatPrice(ticket.price)}</NoWrap> },
          { key: 'sold', header: 'Sold/Total', align: 'right', render: (ticket) => `${ticket.sold}/${ticket.quantity}` },
          { key: 'period', header: 'Valid Period', render: (ticket) => <ValidPeriod ticket={ticket} /> },
          { key: 'status', header: 'Status', render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
          {
            key: 'actions',
            header: 'Actions',
            align: 'right',
            render: (ticket) => (
              <RowActionButtons
                name={ticket.name}
                onView={() => setOpen({ dialog: 'view', ticket })}
                onEdit={canWrite ? () => setOpen({ dialog: 'edit', ticket }) : undefined}
                onDelete={canWrite ? () => setOpen({ dialog: 'delete', ticket }) : undefined}
              />
            ),
          },
        ]}
      />
      <TicketFormDialog
        open={open?.dialog === 'create' || open?.dialog === 'edit'}
        ticket={open?.dialog === 'edit' ? open.ticket : undefined}
        onClose={close}
      />
      <TicketDetailDialog ticket={open?.dialog === 'view' ? open.ticket : null} onClose={close} />
      <DeleteTicketDialog ticket={open?.dialog === 'delete' ? open.ticket : null} onClose={close} />
    </>
  );
}
