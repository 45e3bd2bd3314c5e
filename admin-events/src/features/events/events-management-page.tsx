import { useEffect, useState } from 'react';
import { useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import type { EventSortKey, SortDirection, SportEvent } from '@tdk/api/contract';
import {
  Button,
  CalendarIcon,
  PlusIcon,
  SearchHint,
  SearchInput,
  formatShortDate,
  formatNumber,
  formatRupees,
  useSession,
  useToast,
} from '@tdk/shared-ui';
import {
  RowActionButtons,
  ListError,
  ListToolbar,
  NoWrap,
  DataTable,
  type DataTableColumn,
  Pager,
  EventStatusBadge,
  PageHeader,
  usePageOf,
  useSearchText,
  useColumnChooser,
} from '@tdk/shared-ui/admin';
import { CancelEventDialog, CancellationProgressDialog } from './cancel-event-dialog';
import { PostponeEventDialog } from './postpone-event-dialog';
import { GroupDiscountsDialog } from './group-discounts-dialog';
import { CheckInListsDialog } from './check-in-lists-dialog';
import { PromoCodesDialog } from './promo-codes-dialog';
import { WaitingRoomDialog } from './waiting-room-dialog';
import { ResultsDialog } from '../results/results-dialog';
import { ReportsDialog } from '../reports/reports-dialog';
import { MessagesDialog } from '../messages/messages-dialog';
import { EventDetailDialog, DeleteEventDialog } from './event-dialogs';
import { EventFormDialog } from './event-form-dialog';
import { cityOfEvent, soldOfCapacity } from './event-table';
import { useAdminEvents } from './queries';

type Open =
  | {
      dialog:
        | 'view'
        | 'edit'
        | 'delete'
        | 'cancel'
        | 'postpone'
        | 'refunds'
        | 'waiting-room'
        | 'group-discounts'
        | 'check-in-lists'
        | 'promo-codes'
        | 'results'
        | 'reports'
        | 'messages';
      event: SportEvent;
    }
  | { dialog: 'create' }
  | null;

export function EventsManagementPage() {
  const session = useSession();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState('');
  const { search, hint } = useSearchText(typed);
  const [sort, setSort] = useState<{ key: EventSortKey; direction: SortDirection }>({ key: 'date', direction: 'asc' });
  const [page, setPage] = usePageOf([search, sort]);
  // The server pages, sorts and searches (10,000 events never reach the browser at once).
  const { data, error, isPending } = useAdminEvents({ search, sort: sort.key, direction: sort.direction, page });
  const [open, setOpen] = useState<Open>(null);
  const canWrite = session.hasRole('manager');
  // The money taken is for managers and admins (decision 047): the API leaves it out for the others.
  const seesRevenue = session.hasNeed('seeRevenue');
  // The public header's Create Event lands on /admin/events?create=1.
  useEffect(() => {
    if (params.get('create') === '1' && canWrite) setOpen({ dialog: 'create' });
  }, [params, canWrite]);

  useEffect(() => {
    if (error) toast({ title: 'Error', description: 'Failed to load events from database.', variant: 'destructive' });
  }, [error, toast]);

  const close = () => {
    setOpen(null);
    if (params.has('create')) {
      params.delete('create');
      setParams(params, { replace: true });
    }
  };
  // A column sorted by its header: the button names the column, and the chooser lists it by the same label.
  const sortable = (label: string, key: EventSortKey) => ({
    label,
    header: (
      <SortButton
        type="button"
        onClick={() => setSort((s) => ({ key, direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc' }))}
        aria-label={`Sort by ${label}`}
      >
        {label}
        <span aria-hidden="true">{sort.key === key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </SortButton>
    ),
  });

  // At 1280 px the money and the actions stay in view: the picture and the category are columns
  // staff add when they want them, and the actions keep to the right edge (issue 27).
  const revenueShown = (columns: DataTableColumn<SportEvent>[]) =>
    seesRevenue ? columns : columns.filter((column) => column.key !== 'revenue');
  const table = useColumnChooser<DataTableColumn<SportEvent>>(
    'events',
    revenueShown([
      {
        key: 'image',
        header: 'Image',
        optional: 'hidden',
        render: (event) =>
          event.imageUrl ? (
            <Thumb src={event.imageUrl} alt="" loading="lazy" />
          ) : (
            <ThumbPlaceholder role="img" aria-label="No image">
              <CalendarIcon size={18} />
            </ThumbPlaceholder>
          ),
      },
      {
        key: 'title',
        ...sortable('Event Name', 'title'),
        render: (event) => <strong>{event.title}</strong>,
      },
      {
        key: 'category',
        optional: 'hidden',
        ...sortable('Category', 'category'),
        render: (event) => event.category,
      },
      {
        key: 'date',
        ...sortable('Date', 'date'),
        render: (event) => <NoWrap>{formatShortDate(event.date)}</NoWrap>,
      },
      {
        key: 'location',
        optional: 'shown',
        ...sortable('Location', 'location'),
        render: (event) => cityOfEvent(event),
      },
      {
        key: 'participants',
        ...sortable('Participants', 'participants'),
        align: 'right',
        render: (event) => <NoWrap>{soldOfCapacity(event, formatNumber)}</NoWrap>,
      },
      {
        key: 'revenue',
        ...sortable('Revenue', 'revenue'),
        align: 'right',
        render: (event) => <NoWrap>{formatRupees(event.moneyTaken ?? 0)}</NoWrap>,
      },
      {
        key: 'status',
        ...sortable('Status', 'status'),
        render: (event) => (
          <>
            <EventStatusBadge status={event.status} />
            {event.pendingStatus && <Awaiting>Submitted for review ({event.pendingStatus})</Awaiting>}
            {event.reviewNote && <SentBack>Sent back: {event.reviewNote}</SentBack>}
          </>
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        sticky: 'end',
        align: 'right',
        render: (event) => (
          <ActionsCell>
            <RowActionButtons
              name={event.title}
              onView={() => setOpen({ dialog: 'view', event })}
              onEdit={canWrite && event.status !== 'Cancelled' ? () => setOpen({ dialog: 'edit', event }) : undefined}
              onDelete={canWrite && event.status !== 'Cancelled' ? () => setOpen({ dialog: 'delete', event }) : undefined}
            />
          </ActionsCell>
        ),
      },
    ]),
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
          aria-label="Search events"
          aria-describedby="events-search-hint"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <SearchHint id="events-search-hint">{hint}</SearchHint>
        {!hint && data && (
          <span>
            {/* A broad search is counted to 1,000 (decision 018): "1,000+ events". */}
            {formatNumber(data.total)}
            {data.totalIsAtLeast ? '+' : ''} {data.total === 1 && !data.totalIsAtLeast ? 'event' : 'events'}
          </span>
        )}
        {table.chooser}
      </ListToolbar>
      <DataTable
        caption="Events"
        hideCaption
        loading={isPending}
        rows={data?.events ?? []}
        getRowKey={(event) => event.id}
        emptyTitle={search ? 'No events match your search' : 'No events yet'}
        emptyMessage={search ? 'Try another word.' : 'Events you create will appear here.'}
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
        onCancelEvent={(event) => setOpen({ dialog: 'cancel', event })}
        onPostpone={(event) => setOpen({ dialog: 'postpone', event })}
        onRefunds={(event) => setOpen({ dialog: 'refunds', event })}
        onWaitingRoom={(event) => setOpen({ dialog: 'waiting-room', event })}
        onGroupDiscounts={(event) => setOpen({ dialog: 'group-discounts', event })}
        onCheckInLists={(event) => setOpen({ dialog: 'check-in-lists', event })}
        onPromoCodes={(event) => setOpen({ dialog: 'promo-codes', event })}
        onResults={(event) => setOpen({ dialog: 'results', event })}
        onReports={(event) => setOpen({ dialog: 'reports', event })}
        onMessages={(event) => setOpen({ dialog: 'messages', event })}
        canWrite={canWrite}
      />
      <DeleteEventDialog
        event={open?.dialog === 'delete' ? open.event : null}
        onClose={close}
        onCancelInstead={(event) => setOpen({ dialog: 'cancel', event })}
      />
      <CancelEventDialog event={open?.dialog === 'cancel' ? open.event : null} onClose={close} />
      <ResultsDialog event={open?.dialog === 'results' ? open.event : null} onClose={close} />
      <ReportsDialog event={open?.dialog === 'reports' ? open.event : null} onClose={close} />
      <MessagesDialog event={open?.dialog === 'messages' ? open.event : null} onClose={close} />
      <PostponeEventDialog event={open?.dialog === 'postpone' ? open.event : null} onClose={close} />
      <CancellationProgressDialog event={open?.dialog === 'refunds' ? open.event : null} onClose={close} />
      <WaitingRoomDialog event={open?.dialog === 'waiting-room' ? open.event : null} canWrite={canWrite} onClose={close} />
      <GroupDiscountsDialog event={open?.dialog === 'group-discounts' ? open.event : null} canWrite={canWrite} onClose={close} />
      <CheckInListsDialog event={open?.dialog === 'check-in-lists' ? open.event : null} canWrite={canWrite} onClose={close} />
      <PromoCodesDialog
        event={open?.dialog === 'promo-codes' ? open.event : null}
        canWrite={canWrite}
        seesRevenue={seesRevenue}
        onClose={close}
      />
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

const Awaiting = styled.span`
  display: block;
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: nowrap;
`;

// Platform staff's reason, read where the organiser looks for its event: wraps, as a reason runs long.
const SentBack = styled.span`
  display: block;
  max-width: 28ch;
  margin-top: 4px;
  color: ${({ theme }) => theme.tones.red.fg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ActionsCell = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
