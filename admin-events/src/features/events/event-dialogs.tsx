import styled from 'styled-components';
import type { SportEvent } from '@tdk/api/contract';
import {
  Button,
  Callout,
  ConfirmDialog,
  Dialog,
  formatLongDate,
  formatNumber,
  formatRupees,
  formatTime12,
  getErrorMessage,
  useToast,
} from '@tdk/shared-ui';
import { DetailList, EventStatusBadge } from '@tdk/shared-ui/admin';
import { cityOfEvent } from './event-table';
import { useDeleteEvent, useEventImpact } from './queries';
import { entryFee } from './entry-fee';

/** The event detail dialog of SPEC.md section 2: Close, Edit Event, Delete Event. */
export function EventDetailDialog({
  event,
  onClose,
  onEdit,
  onDelete,
  onCancelEvent,
  onPostpone,
  onRefunds,
  onWaitingRoom,
  onGroupDiscounts,
  onCheckInLists,
  onPromoCodes,
  onResults,
  onReports,
  onMessages,
  canWrite,
}: {
  event: SportEvent | null;
  onClose: () => void;
  onEdit: (event: SportEvent) => void;
  onDelete: (event: SportEvent) => void;
  /** Cancel Event (decision 025): managers, for an event neither cancelled nor completed. */
  onCancelEvent?: (event: SportEvent) => void;
  /** Postpone Event (decision 025): managers, for an event neither cancelled nor completed. */
  onPostpone?: (event: SportEvent) => void;
  /** A cancelled event's refunds' progress. */
  onRefunds?: (event: SportEvent) => void;
  /** The event's waiting room (decision 032): everyone sees it; managers steer it. */
  onWaitingRoom?: (event: SportEvent) => void;
  /** The event's group discounts (decision 031): everyone sees them; managers change them. */
  onGroupDiscounts?: (event: SportEvent) => void;
  /** The event's check-in lists and their counts (decision 065): everyone sees them; managers change them. */
  onCheckInLists?: (event: SportEvent) => void;
  /** The event's promo codes (decision 033): everyone sees them with their uses; managers change them. */
  onPromoCodes?: (event: SportEvent) => void;
  /** The event's results (decision 063): import, publish, withhold; managers. */
  onResults?: (event: SportEvent) => void;
  /** The race's reports (decision 066): T-shirts, medical, guardians, start list, kit, check-ins; managers. */
  onReports?: (event: SportEvent) => void;
  /** Messages to the event's registrants (decision 072): managers. */
  onMessages?: (event: SportEvent) => void;
  canWrite: boolean;
}) {
  const cancelled = event?.status === 'Cancelled';
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      title={event?.title ?? ''}
      size="lg"
      footer={
        event && (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {!cancelled && onWaitingRoom && event.status !== 'Completed' && (
              <Button variant="outline" onClick={() => onWaitingRoom(event)}>
                Waiting room
              </Button>
            )}
            {!cancelled && onGroupDiscounts && (
              <Button variant="outline" onClick={() => onGroupDiscounts(event)}>
                Group discounts
              </Button>
            )}
            {!cancelled && onCheckInLists && (
              <Button variant="outline" onClick={() => onCheckInLists(event)}>
                Check-in lists
              </Button>
            )}
            {!cancelled && onPromoCodes && (
              <Button variant="outline" onClick={() => onPromoCodes(event)}>
                Promo codes
              </Button>
            )}
            {canWrite && !cancelled && onResults && (
              <Button variant="outline" onClick={() => onResults(event)}>
                Results
              </Button>
            )}
            {canWrite && !cancelled && onReports && (
              <Button variant="outline" onClick={() => onReports(event)}>
                Reports
              </Button>
            )}
            {canWrite && !cancelled && onMessages && (
              <Button variant="outline" onClick={() => onMessages(event)}>
                Message registrants
              </Button>
            )}
            {canWrite && cancelled && onRefunds && (
              <Button variant="outline" onClick={() => onRefunds(event)}>
                Refunds
              </Button>
            )}
            {canWrite && !cancelled && (
              <>
                <Button variant="outline" onClick={() => onEdit(event)}>
                  Edit Event
                </Button>
                {onPostpone && event.status !== 'Completed' && (
                  <Button variant="outline" onClick={() => onPostpone(event)}>
                    Postpone
                  </Button>
                )}
                {onCancelEvent && event.status !== 'Completed' && (
                  <Button variant="danger" onClick={() => onCancelEvent(event)}>
                    Cancel Event
                  </Button>
                )}
                <Button variant="danger" onClick={() => onDelete(event)}>
                  Delete Event
                </Button>
              </>
            )}
          </>
        )
      }
    >
      {event && (
        <Details>
          {event.imageUrl && <img src={event.imageUrl} alt={`Image of ${event.title}`} />}
          <EventStatusBadge status={event.status} />
          <p>{event.description}</p>
          <DetailList>
            <dt>Date</dt>
            <dd>{formatLongDate(event.date)}</dd>
            <dt>Time</dt>
            <dd>{formatTime12(event.time)}</dd>
            {event.postponement && (
              <>
                <dt>Postponed</dt>
                <dd>
                  From {formatLongDate(event.postponement.previousDate)} ({event.postponement.reason}); full refunds in My
                  bookings until {formatLongDate(event.postponement.refundUntil)}
                </dd>
              </>
            )}
            <dt>Venue</dt>
            <dd>{event.venue}</dd>
            <dt>City</dt>
            <dd>{cityOfEvent(event)}</dd>
            <dt>Max participants</dt>
            <dd>{formatNumber(event.maxParticipants)}</dd>
            <dt>Entry fee</dt>
            <dd>{entryFee(event)}</dd>
            <dt>Category</dt>
            <dd>{event.category}</dd>
            <dt>Organizer</dt>
            <dd>
              {event.organizer} · {event.contactEmail} · {event.contactPhone}
            </dd>
          </DetailList>
        </Details>
      )}
    </Dialog>
  );
}

/**
 * Delete Event with the spec's wording, for an event nobody paid for. An event with paid
 * registrations is not deleted (decision 025): the dialog says how many and for how much and offers
 * Cancel Event instead, which refunds and tells every buyer.
 */
export function DeleteEventDialog({
  event,
  onClose,
  onCancelInstead,
}: {
  event: SportEvent | null;
  onClose: () => void;
  onCancelInstead: (event: SportEvent) => void;
}) {
  const { toast } = useToast();
  const remove = useDeleteEvent();
  // Not asked again once the deletion is under way: the list's invalidation would refetch it for an
  // event that is gone (404 since decision 051).
  const impact = useEventImpact(remove.isPending || remove.isSuccess ? null : (event?.id ?? null));
  const paid = impact.data?.paidRegistrations ?? 0;
  const mustType = paid > 0;
  const close = () => {
    onClose();
  };

  const confirm = async () => {
    if (!event) return;
    if (mustType) {
      close();
      onCancelInstead(event);
      return;
    }
    try {
      await remove.mutateAsync(event.id);
      toast({ title: 'Success', description: 'Event deleted successfully', variant: 'success' });
      remove.reset();
      close();
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <ConfirmDialog
      open={event !== null}
      title="Delete Event"
      message={event && `Are you sure you want to delete "${event.title}"?`}
      details={
        <>
          <p>
            This action cannot be undone. All associated data including registrations and analytics will be permanently removed.
          </p>
          {mustType && event && (
            <Callout tone="danger" title="Paid registrations: cancel instead">
              {paid} paid {paid === 1 ? 'registration' : 'registrations'} worth {formatRupees(impact.data!.totalRevenue ?? 0)}{' '}
              cannot be deleted. Cancel the event instead: every buyer is refunded and told, and the records are kept.
            </Callout>
          )}
        </>
      }
      confirmLabel={mustType ? 'Cancel event instead…' : 'Delete'}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  img {
    width: 100%;
    max-height: 260px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  p {
    margin: 0;
    white-space: pre-wrap;
  }
`;
