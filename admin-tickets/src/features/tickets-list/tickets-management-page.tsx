import { DataTable, PageHeader, TicketStatusBadge, formatPrice } from '@tdk/shared-ui';
import { useAdminTickets } from './queries';

export function TicketsManagementPage() {
  const { data, error, isPending } = useAdminTickets();
  return (
    <>
      <PageHeader title="Tickets Management" subtitle="Manage all event tickets" />
      {error && <p role="alert">Failed to load tickets and events.</p>}
      <DataTable
        caption="Tickets"
        loading={isPending}
        rows={data?.tickets ?? []}
        getRowKey={(ticket) => ticket.id}
        emptyTitle="No tickets yet"
        emptyMessage="Ticket types you create will appear here."
        columns={[
          { key: 'name', header: 'Ticket Name', render: (ticket) => ticket.name },
          { key: 'event', header: 'Event', render: (ticket) => ticket.eventName },
          { key: 'category', header: 'Category', render: (ticket) => ticket.category },
          { key: 'price', header: 'Price', align: 'right', render: (ticket) => formatPrice(ticket.price) },
          { key: 'sold', header: 'Sold/Total', align: 'right', render: (ticket) => `${ticket.sold}/${ticket.quantity}` },
          { key: 'status', header: 'Status', render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
        ]}
      />
    </>
  );
}
