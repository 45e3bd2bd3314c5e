import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import type { SportEvent } from '@tdk/api/contract';
import {
  Button,
  CalendarIcon,
  RowActionButtons,
  ListError,
  ListToolbar,
  NoWrap,
  DataTable,
  EventStatusBadge,
  PageHeader,
  PlusIcon,
  SearchInput,
  formatShortDate,
  formatNumber,
  formatRupees,
  getErrorMessage,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import { EventDetailDialog, DeleteEventDialog } from './event-dialogs';
import { EventFormDialog } from './event-form-dialog';
import {
  cityOfEventVenue,
  estimatedRevenue,
  matchesEventSearch,
  sortEvents,
  type EventSortKey,
  type SortDirection,
} from './event-table';
import { useAdminEvents, useApproveEvent } from './queries';

const PAGE_SIZE = 10;

type Open = { dialog: 'view' | 'edit' | 'delete'; event: SportEvent } | { dialog: 'create' } | null;

export function EventsManagementPage() {
  const { data, error, isPending } = useAdminEvents();
  const session = useSession();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: EventSortKey; direction: SortDirection }>({ key: 'date', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const canWrite = session.hasRole('manager');
  const canApprove = session.hasRole('admin');
  const approve = useApproveEvent();
  const approveEvent = async (event: SportEvent) => {
    try {
      const { event: approved } = await approve.mutateAsync(event.id);
      toast({ title: 'Event approved', description: `"${approved.title}" is now ${approved.status}.`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Error', description: `Failed to approve event: ${getErrorMessage(failure)}`, variant: 'destructive' });
    }
  };

  // The public header's Create Event lands on /admin/events?create=1.
  useEffect(() => {
    if (params.get('create') === '1' && canWrite) setOpen({ dialog: 'create' });
  }, [params, canWrite]);

  useEffect(() => {
    if (error) toast({ title: 'Error', description: 'Failed to load events from database.', variant: 'destructive' });
  }, [error, toast]);

  const rows = useMemo(
    () =>
      sortEvents(
        (data?.events ?? []).filter((event) => matchesEventSearch(event, search)),
        sort.key,
        sort.direction,
      ),
    [data, search, sort],
  );
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const close = () => {
    setOpen(null);
    if (params.has('create')) {
      params.delete('create');
      setParams(params, { replace: true });
    }
  };
  const header = (label: string, key: EventSortKey) => (
    <SortButton
      type="button"
      onClick={() => setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }))}
      aria-label={`Sort by ${label}`}
    >
      {label}
      <span aria-hidden="true">{sort.key === key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
    </SortButton>
  );

  return (
    <>
      <PageHeader
        title="Events Management"
        subtitle="Manage all sports events on your platform"
        actions={
          canWrite && (
            <Button leftIcon={<PlusIcon size={18} />} onClick={() => setOpen({ dialog: 'create' })}>
              Create Event
            </Button>
          )
        }
      />
      {error && <ListError role="alert">Failed to load events from database.</ListError>}
      <ListToolbar>
        <SearchInput
          placeholder="Search events..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <span>
          {rows.length} {rows.length === 1 ? 'event' : 'events'}
        </span>
      </ListToolbar>
      <DataTable
        caption="Events"
        hideCaption
        loading={isPending}
        rows={shown}
        getRowKey={(event) => event.id}
        emptyTitle={search ? 'No events match your search' : 'No events yet'}
        emptyMessage={search ? 'Try another word.' : 'Events you create will appear here.'}
        minWidth={960}
        columns={[
          {
            key: 'image',
            header: 'Image',
            render: (event) =>
              event.imageUrl ? (
                <Thumb src={event.imageUrl} alt="" loading="lazy" />
              ) : (
                <ThumbPlaceholder role="img" aria-label="No image">
                  <CalendarIcon size={18} />
                </ThumbPlaceholder>
              ),
          },
          { key: 'title', header: header('Event Name', 'title'), render: (event) => <strong>{event.title}</strong> },
          { key: 'category', header: header('Category', 'category'), render: (event) => event.category },
          { key: 'date', header: header('Date', 'date'), render: (event) => <NoWrap>{formatShortDate(event.date)}</NoWrap> },
          { key: 'location', header: header('Location', 'location'), render: (event) => cityOfEventVenue(event.venue) },
          {
            key: 'participants',
            header: header('Participants', 'participants'),
            align: 'right',
            render: (event) => formatNumber(event.maxParticipants),
          },
          {
            key: 'revenue',
            header: header('Revenue', 'revenue'),
            align: 'right',
            render: (event) => <NoWrap>{formatRupees(estimatedRevenue(event))}</NoWrap>,
          },
          {
            key: 'status',
            header: header('Status', 'status'),
            render: (event) => (
              <>
                <EventStatusBadge status={event.status} />
                {event.pendingStatus && <Awaiting>Awaiting approval ({event.pendingStatus})</Awaiting>}
              </>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            align: 'right',
            render: (event) => (
              <ApproveCell>
                {canApprove && event.pendingStatus && (
                  <Button size="sm" aria-label={`Approve ${event.title}`} onClick={() => void approveEvent(event)}>
                    Approve
                  </Button>
                )}
                <RowActionButtons
                  name={event.title}
                  onView={() => setOpen({ dialog: 'view', event })}
                  onEdit={canWrite ? () => setOpen({ dialog: 'edit', event }) : undefined}
                  onDelete={canWrite ? () => setOpen({ dialog: 'delete', event }) : undefined}
                />
              </ApproveCell>
            ),
          },
        ]}
      />
      {pages > 1 && (
        <Pager aria-label="Pages">
          <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span aria-live="polite">
            Page {current} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={current >= pages} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </Pager>
      )}
      <EventFormDialog
        open={open?.dialog === 'create' || open?.dialog === 'edit'}
        event={open?.dialog === 'edit' ? open.event : undefined}
        onClose={close}
      />
      <EventDetailDialog
        event={open?.dialog === 'view' ? open.event : null}
        onClose={close}
        onEdit={(event) => setOpen({ dialog: 'edit', event })}
        onDelete={(event) => setOpen({ dialog: 'delete', event })}
        canWrite={canWrite}
      />
      <DeleteEventDialog event={open?.dialog === 'delete' ? open.event : null} onClose={close} />
    </>
  );
}

const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  white-space: nowrap;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Thumb = styled.img`
  width: 56px;
  height: 36px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  display: block;
`;

const ThumbPlaceholder = styled.span`
  width: 56px;
  height: 36px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textSubtle};
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Awaiting = styled.span`
  display: block;
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`;

const ApproveCell = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
