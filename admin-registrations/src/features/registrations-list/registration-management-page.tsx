import styled from 'styled-components';
import {
  DataTable,
  PageHeader,
  PaymentStatusBadge,
  RegistrationStatusBadge,
  StatCard,
  StatGrid,
  formatDateTime,
  formatRupees,
} from '@tdk/shared-ui';
import { useAdminRegistrations, useRegistrationStats } from './queries';

export function RegistrationManagementPage() {
  const list = useAdminRegistrations();
  const stats = useRegistrationStats();
  return (
    <>
      <PageHeader title="Registration Management" subtitle="Review and manage event registrations" />
      {(list.error || stats.error) && <p role="alert">Failed to load data from database. Check your database connection.</p>}
      <StatGrid>
        <StatCard label="Total Registrations" value={stats.data?.totalRegistrations ?? '–'} />
        <StatCard label="Confirmed" value={stats.data?.confirmedRegistrations ?? '–'} />
        <StatCard label="Pending" value={stats.data?.pendingRegistrations ?? '–'} />
        <StatCard label="Total Revenue" value={stats.data ? formatRupees(stats.data.totalRevenue) : '–'} />
      </StatGrid>
      <h2>All Registrations</h2>
      <DataTable
        caption="All Registrations"
        hideCaption
        loading={list.isPending}
        rows={list.data?.registrations ?? []}
        getRowKey={(registration) => registration.id}
        emptyTitle="No registrations found."
        emptyMessage="Registrations will appear here once participants register for events."
        columns={[
          { key: 'number', header: 'Registration #', render: (r) => r.registrationNumber },
          {
            key: 'participant',
            header: 'Participant',
            render: (r) => (
              <>
                <strong>{`${r.participantInfo.firstName} ${r.participantInfo.lastName}`}</strong>
                <Muted>{r.participantInfo.email}</Muted>
              </>
            ),
          },
          {
            key: 'event',
            header: 'Event',
            render: (r) => (
              <>
                <strong>{r.eventName}</strong>
                <Muted>{r.eventVenue}</Muted>
              </>
            ),
          },
          { key: 'date', header: 'Date', render: (r) => formatDateTime(r.registrationDate) },
          { key: 'status', header: 'Status', render: (r) => <RegistrationStatusBadge status={r.status} /> },
          { key: 'payment', header: 'Payment', render: (r) => <PaymentStatusBadge status={r.paymentStatus} /> },
          { key: 'amount', header: 'Amount', align: 'right', render: (r) => formatRupees(r.amount) },
        ]}
      />
    </>
  );
}

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
