import { useState } from 'react';
import styled from 'styled-components';
import type { MyAttendee } from '@tdk/api/contract';
import { Callout, ConfirmDialog, getErrorMessage, useFormats, useToast } from '@tdk/shared-ui';
import { useBookingsT } from './i18n';
import { useCancelAttendee } from './queries';

/**
 * The buyer cancels one attendee's ticket (decision 023): the dialog says what comes back (the
 * price less the event's cancellation fee, or nothing at a 100% fee) and that the ticket stops
 * admitting at once. Focus starts on "Keep ticket", so a stray Enter cancels nothing.
 */
export function CancelDialog({ attendee, onClose }: { attendee: MyAttendee; onClose: () => void }) {
  const t = useBookingsT();
  const formats = useFormats();
  const { toast } = useToast();
  const cancel = useCancelAttendee();
  const [problem, setProblem] = useState<string | null>(null);
  const terms = attendee.cancelTerms;
  if (!terms) return null;
  const money = {
    refund: formats.rupees(terms.refund),
    price: formats.rupees(terms.price),
    fee: formats.rupees(terms.fee),
  };

  const confirm = async () => {
    setProblem(null);
    try {
      await cancel.mutateAsync(attendee.ticketNumber);
      toast({
        title: t('bookings.cancelledTitle'),
        description: terms.refund > 0 ? t('bookings.cancelledRefund', { amount: money.refund }) : t('bookings.cancelledNoRefund'),
        variant: 'success',
      });
      onClose();
    } catch (caught) {
      setProblem(getErrorMessage(caught));
    }
  };

  return (
    <ConfirmDialog
      open
      title={t('bookings.cancelTitle', { name: attendee.name })}
      message={t('bookings.cancelMessage', { ticket: attendee.ticketNumber, ticketName: attendee.ticketName })}
      details={
        <>
          <Callout tone="warning">
            <span data-testid="cancel-refund">
              {terms.refund > 0 ? t('bookings.cancelRefund', money) : t('bookings.cancelNoRefund', money)}
            </span>
          </Callout>
          {problem && (
            <Problem role="alert" tabIndex={-1}>
              {problem}
            </Problem>
          )}
        </>
      }
      confirmLabel={t('bookings.cancelConfirm')}
      cancelLabel={t('bookings.keepTicket')}
      busy={cancel.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

const Problem = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
