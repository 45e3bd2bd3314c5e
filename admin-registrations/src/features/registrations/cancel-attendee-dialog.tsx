import type { Registration } from '@tdk/api/contract';
import { Callout, ConfirmDialog, formatRupees, getErrorMessage, isApiError, useToast } from '@tdk/shared-ui';
import { attendeeName } from './attendee';
import { useCancelForCaller } from './queries';

/**
 * Cancel an attendee for a caller (decision 047): support, managers and admins, under the event's
 * own cancellation rules, as the buyer's own cancellation in My bookings. The server decides the
 * window and the fee; the toast says what was refunded and what the fee kept.
 */
export function CancelAttendeeDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const { toast } = useToast();
  const cancel = useCancelForCaller();
  const who = registration ? attendeeName(registration) || registration.registrationNumber : '';

  const confirm = async () => {
    if (!registration) return;
    try {
      const answer = await cancel.mutateAsync(registration.id);
      toast({
        title: 'Attendee cancelled',
        description:
          answer.refund > 0
            ? `${formatRupees(answer.refund)} is being refunded to the buyer${answer.fee > 0 ? ` (${formatRupees(answer.fee)} cancellation fee kept)` : ''}.`
            : 'No refund is due under the event’s cancellation rules.',
        variant: 'success',
      });
      onClose();
    } catch (error) {
      toast({
        title: 'Not cancelled',
        description: isApiError(error) ? getErrorMessage(error) : 'The attendee could not be cancelled. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog
      open={registration !== null}
      title="Cancel Attendee"
      message={registration && `Cancel ${who}'s ticket ${registration.registrationNumber} for the caller?`}
      details={
        <Callout tone="info" title="The event’s cancellation rules apply">
          As if the buyer cancelled in My bookings: the price paid less the event’s cancellation fee goes back by the original
          payment, the seat goes back on sale and the buyer is e-mailed. Outside the cancellation window it is refused.
        </Callout>
      }
      confirmLabel="Cancel attendee"
      cancelLabel="Keep ticket"
      busy={cancel.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
