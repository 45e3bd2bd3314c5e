import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import {
  PAYMENT_STATUSES,
  REGISTRATION_PAGE_SIZES,
  REGISTRATION_STATUSES,
  type Registration,
  type Role,
  type StaffNeed,
} from '@tdk/api/contract';
import {
  Button,
  ConfirmDialog,
  DownloadIcon,
  SearchHint,
  SearchInput,
  Select,
  formatRupees,
  useSession,
  useToast,
  Options,
  pluralize,
} from '@tdk/shared-ui';
import { DataTable, PageHeader, Pager, StatCard, StatGrid, useColumnChooser, useSearchText } from '@tdk/shared-ui/admin';
import { TicketDialog } from '@tdk/shared-ui/ticket';
import { CancelAttendeeDialog } from './cancel-attendee-dialog';
import { CorrectNameDialog } from './correct-name-dialog';
import { DeleteRegistrationDialog } from './delete-registration-dialog';
import { OfflineRefundDialog } from './offline-refund-dialog';
import { EditRegistrationDialog } from './edit-registration-dialog';
import { exportHref, filtersFromParams, paramsWith } from './filters';
import { OrderDialog, type OpenBooking } from './order-dialog';
import { useEventTicketTypes, useRegistrationStats, useRegistrationsPage } from './queries';
import { RegistrationDetailsDialog } from './registration-details-dialog';
import { registrationColumns } from './registration-columns';
import { type RegistrationAction } from './row-actions';
import { useRegistrationMessaging } from './use-registration-messaging';
import { EventFilter } from './event-filter';

/**
 * Who may take which action (DESIGN.md section 6, decision 047): a minimum rank, or a need that
 * follows the role's work. Gate staff see no contacts (so no WhatsApp) and open no booking; support
 * corrects a caller's name, cancels for them and downloads their invoice; edit, delete and refunds
 * are managers'.
 */
const ALLOWED: Record<RegistrationAction, { minRole: Role } | { need: StaffNeed }> = {
  details: { minRole: 'support' },
  booking: { need: 'openBooking' },
  ticket: { minRole: 'support' },
  download: { minRole: 'support' },
  whatsapp: { need: 'seeContacts' },
  email: { minRole: 'support' },
  correctName: { need: 'correctName' },
  cancel: { need: 'cancelAttendee' },
  invoice: { need: 'downloadInvoice' },
  edit: { minRole: 'manager' },
  delete: { minRole: 'manager' },
  refund: { minRole: 'manager' },
  offlineRefund: { minRole: 'manager' },
};

type Open = {
  dialog: 'details' | 'edit' | 'delete' | 'ticket' | 'offlineRefund' | 'correctName' | 'cancel';
  registration: Registration;
} | null;

export function RegistrationManagementPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const session = useSession();
  const { toast } = useToast();
  const list = useRegistrationsPage(filters);
  const stats = useRegistrationStats();
  const ticketTypes = useEventTicketTypes(filters.eventId);
  // A ticket type named by the URL but not (yet) among the chosen event's still shows as chosen.
  const ticketOptions = [
    ...(filters.ticketId && !ticketTypes.data?.some((ticket) => ticket.id === filters.ticketId)
      ? [{ id: filters.ticketId, name: `Ticket type #${filters.ticketId}` }]
      : []),
    ...(ticketTypes.data ?? []),
  ];
  const messaging = useRegistrationMessaging();
  const [open, setOpen] = useState<Open>(null);
  // The order view, apart from `open`: an attendee opened from it shows over it, and closing them returns to it.
  const [booking, setBooking] = useState<OpenBooking | null>(null);
  const [search, setSearch] = useState(filters.search);
  const can = (action: RegistrationAction) => {
    const allowed = ALLOWED[action];
    return 'need' in allowed ? session.hasNeed(allowed.need) : session.hasRole(allowed.minRole);
  };
  const update = (change: Parameters<typeof paramsWith>[1]) => setParams(paramsWith(filters, change));

  // The search follows typing after a pause (and from 3 characters), so the URL and the server
  // are not asked per key.
  const searched = useSearchText(search);
  useEffect(() => {
    if (searched.search === filters.search) return;
    setParams(paramsWith(filtersFromParams(params), { search: searched.search }));
  }, [searched.search, filters.search, params, setParams]);

  // A failed load tells staff once, as SPEC.md section 8 words it.
  const failed = Boolean(list.error || stats.error);
  useEffect(() => {
    if (failed)
      toast({
        title: 'Error',
        description: 'Failed to load data from database. Check your database connection.',
        variant: 'destructive',
      });
  }, [failed, toast]);

  const onAction = (action: RegistrationAction, registration: Registration) => {
    switch (action) {
      case 'details':
      case 'edit':
      case 'delete':
      case 'ticket':
      case 'offlineRefund':
      case 'correctName':
      case 'cancel':
        setOpen({ dialog: action, registration });
        return;
      case 'invoice':
      case 'refund':
        // Taken in the booking view, not from a row.
        return;
      case 'booking':
        if (registration.orderId === null) return;
        setOpen(null);
        setBooking({ orderId: registration.orderId, bookingReference: registration.bookingReference });
        return;
      case 'download':
        setOpen({ dialog: 'ticket', registration });
        void messaging.markDownloaded(registration);
        return;
      case 'whatsapp':
        messaging.sendWhatsApp(registration);
        return;
      case 'email':
        void messaging.sendEmail(registration);
        return;
    }
  };
  const close = () => setOpen(null);
  const page = list.data;
  const table = useColumnChooser('registrations', registrationColumns({ onAction, can, filterTeam: (team) => update({ team }) }));

  return (
    <>
      <PageHeader
        title="Registration Management"
        subtitle="Review and manage event registrations"
        actions={
          <>
            {session.hasRole('coordinator') && (
              <Button as={Link} to="check-in" variant="primary">
                Gate check-in
              </Button>
            )}
            {can('delete') && (
              <Button as="a" href={exportHref(filters)} variant="outline" leftIcon={<DownloadIcon size={18} />} download>
                Export CSV
              </Button>
            )}
          </>
        }
      />
      {failed && <ErrorText role="alert">Failed to load data from database. Check your database connection.</ErrorText>}
      <StatGrid>
        <StatCard label="Total Registrations" value={stats.data?.totalRegistrations ?? '–'} loading={stats.isPending} />
        <StatCard label="Confirmed" value={stats.data?.confirmedRegistrations ?? '–'} loading={stats.isPending} tone="green" />
        <StatCard label="Pending" value={stats.data?.pendingRegistrations ?? '–'} loading={stats.isPending} tone="yellow" />
        {/* Revenue is for managers and admins (decision 047): the API leaves it out for the others. */}
        {session.hasNeed('seeRevenue') && (
          <StatCard
            label="Total Revenue"
            value={stats.data?.totalRevenue !== undefined ? formatRupees(stats.data.totalRevenue) : '–'}
            loading={stats.isPending}
            tone="blue"
          />
        )}
      </StatGrid>
      <h2>All Registrations</h2>
      <Filters role="search" aria-label="Filter registrations">
        <SearchInput
          placeholder={
            session.hasNeed('seeContacts')
              ? 'Search name, email, phone, ticket # or booking reference'
              : 'Search name, ticket # or booking reference'
          }
          aria-label="Search registrations"
          aria-describedby="registrations-search-hint"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <EventFilter value={filters.eventId} onChange={(eventId) => update({ eventId })} />
        <Select
          aria-label="Status"
          value={filters.status}
          onChange={(event) => update({ status: event.target.value as typeof filters.status })}
        >
          <option value="">All statuses</option>
          <Options values={REGISTRATION_STATUSES} />
        </Select>
        <Select
          aria-label="Ticket type"
          value={filters.ticketId ?? ''}
          disabled={filters.eventId === null && filters.ticketId === null}
          title={filters.eventId === null ? 'Choose an event to filter by its ticket types' : undefined}
          onChange={(event) => update({ ticketId: Number(event.target.value) || null })}
        >
          <option value="">{filters.eventId === null ? 'Ticket type: choose an event' : 'All ticket types'}</option>
          {ticketOptions.map((ticket) => (
            <option key={ticket.id} value={ticket.id}>
              {ticket.name}
            </option>
          ))}
        </Select>
        {filters.team && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => update({ team: '' })}
            aria-label={`Remove the team filter ${filters.team}`}
          >
            Team: {filters.team} ✕
          </Button>
        )}
        <Select
          aria-label="Payment status"
          value={filters.paymentStatus}
          onChange={(event) => update({ paymentStatus: event.target.value as typeof filters.paymentStatus })}
        >
          <option value="">All payments</option>
          <Options values={PAYMENT_STATUSES} />
        </Select>
      </Filters>
      <TableBar>
        <SearchHint id="registrations-search-hint">{searched.hint}</SearchHint>
        {table.chooser}
      </TableBar>
      {page?.totalIsAtLeast && (
        // A broad search is not counted to the end (decision 018): say so, and how to get a count.
        <CountHint>
          More than {pluralize(page.total, 'registration')} match. Type more of the search or add a filter to count them exactly.
        </CountHint>
      )}
      <DataTable
        caption="All Registrations"
        hideCaption
        loading={list.isPending}
        rows={page?.registrations ?? []}
        getRowKey={(registration) => registration.id}
        emptyTitle="No registrations found."
        emptyMessage="Registrations will appear here once participants register for events."
        minWidth={table.minWidth}
        columns={table.columns}
      />
      {page && (
        <Pager
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          totalIsAtLeast={page.totalIsAtLeast}
          onPage={(next) => update({ page: next })}
          pageSizes={REGISTRATION_PAGE_SIZES}
          onPageSize={(pageSize) => update({ pageSize })}
        />
      )}
      <RegistrationDetailsDialog
        registration={open?.dialog === 'details' ? open.registration : null}
        onClose={close}
        onAction={onAction}
        can={can}
      />
      <OrderDialog booking={booking} onClose={() => setBooking(null)} onAction={onAction} can={can} />
      <EditRegistrationDialog registration={open?.dialog === 'edit' ? open.registration : null} onClose={close} />
      <DeleteRegistrationDialog registration={open?.dialog === 'delete' ? open.registration : null} onClose={close} />
      <OfflineRefundDialog registration={open?.dialog === 'offlineRefund' ? open.registration : null} onClose={close} />
      <CorrectNameDialog registration={open?.dialog === 'correctName' ? open.registration : null} onClose={close} />
      <CancelAttendeeDialog registration={open?.dialog === 'cancel' ? open.registration : null} onClose={close} />
      <TicketDialog
        registration={open?.dialog === 'ticket' ? open.registration : null}
        onClose={close}
        onEmail={(registration) => void messaging.sendEmail(registration)}
        onWhatsApp={(registration) => void messaging.markWhatsAppOpened(registration)}
        onDownloaded={(registration) => void messaging.markDownloaded(registration)}
      />
      <ConfirmDialog
        open={messaging.whatsAppToConfirm !== null}
        title="Was the WhatsApp message sent?"
        message={
          messaging.whatsAppToConfirm
            ? `Record it only once you have sent the message to ${messaging.whatsAppToConfirm.participantInfo.firstName} ${messaging.whatsAppToConfirm.participantInfo.lastName} in WhatsApp.`
            : ''
        }
        confirmLabel="Yes, it was sent"
        cancelLabel="Not sent"
        tone="primary"
        onConfirm={() => messaging.confirmWhatsApp(true)}
        onCancel={() => void messaging.confirmWhatsApp(false)}
      />
    </>
  );
}

const CountHint = styled.p`
  margin: -${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// Under the filters: the search's hint (when it has one) and the column chooser at the right.
const TableBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin: -${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.dangerHover};
`;

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 2fr) repeat(4, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};

  /* Five filters fit one row of a 1280 px laptop's content; narrower, two per row. */
  @media (max-width: 1180px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
`;
