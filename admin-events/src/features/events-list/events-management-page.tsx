import { EVENT_REVENUE_ESTIMATE_RATE, type SportEvent } from '@tdk/api/contract';
import { DataTable, EventStatusBadge, PageHeader, formatLongDate, formatRupees } from '@tdk/shared-ui';
import { useAdminEvents } from './queries';

/** SPEC.md section 2: the console's revenue estimate is 60% of price times capacity. */
const estimatedRevenue = (event: SportEvent) => event.price * event.maxParticipants * EVENT_REVENUE_ESTIMATE_RATE;

export function EventsManagementPage() {
  const { data, error, isPending } = useAdminEvents();
  return (
    <>
      <PageHeader title="Events Management" subtitle="Manage all sports events on your platform" />
      {error && <p role="alert">Failed to load events from database.</p>}
      <DataTable
        caption="Events"
        loading={isPending}
        rows={data?.events ?? []}
        getRowKey={(event) => event.id}
        emptyTitle="No events yet"
        emptyMessage="Events you create will appear here."
        columns={[
          { key: 'title', header: 'Event Name', render: (event) => event.title },
          { key: 'category', header: 'Category', render: (event) => event.category },
          { key: 'date', header: 'Date', render: (event) => formatLongDate(event.date) },
          { key: 'location', header: 'Location', render: (event) => event.location },
          {
            key: 'participants',
            header: 'Participants',
            align: 'right',
            render: (event) => event.maxParticipants.toLocaleString('en-IN'),
          },
          { key: 'revenue', header: 'Revenue', align: 'right', render: (event) => formatRupees(estimatedRevenue(event)) },
          { key: 'status', header: 'Status', render: (event) => <EventStatusBadge status={event.status} /> },
        ]}
      />
    </>
  );
}
