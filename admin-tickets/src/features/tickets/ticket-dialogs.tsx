import styled from 'styled-components';
import type { Ticket } from '@tdk/api/contract';
import {
  Button,
  Callout,
  ConfirmDialog,
  Dialog,
  formatLongDate,
  formatNumber,
  formatPrice,
  formatRupees,
  useToast,
  pluralize,
} from '@tdk/shared-ui';
import { DetailList, TicketStatusBadge } from '@tdk/shared-ui/admin';
import { useDeleteTicket } from './queries';
import { ticketFacts } from './ticket-rules';

/** The ticket detail dialog of SPEC.md section 2, with its capacity bar. */
export function TicketDetailDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const perTeam = ticket !== null && ticket.teamMin !== null && ticket.teamPricing === 'team';
  const facts = ticket ? ticketFacts(ticket) : [];
  const percent = ticket && ticket.quantity > 0 ? Math.round((ticket.sold / ticket.quantity) * 100) : 0;
  return (
    <Dialog
      open={ticket !== null}
      onClose={onClose}
      title={ticket?.name ?? ''}
      description={ticket?.eventName}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {ticket && (
        <Details>
          <TicketStatusBadge status={ticket.status} />
          <Figures>
            <div>
              <span>Price</span>
              <strong>{formatPrice(ticket.price)}</strong>
            </div>
            <div>
              <span>Sold</span>
              <strong>
                {formatNumber(ticket.sold)} ({percent}%)
              </strong>
            </div>
            <div>
              <span>Remaining</span>
              <strong>{formatNumber(Math.max(0, ticket.quantity - ticket.sold))}</strong>
            </div>
            <div>
              <span>Revenue</span>
              <strong>{formatRupees(ticket.sold * ticket.price)}</strong>
            </div>
          </Figures>
          <Bar role="progressbar" aria-label="Capacity sold" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${Math.min(100, percent)}%` }} />
          </Bar>
          <DetailList>
            <dt>Category</dt>
            <dd>{ticket.category}</dd>
            <dt>Event</dt>
            <dd>{ticket.eventName}</dd>
            <dt>Per-ticket pricing</dt>
            <dd>
              {formatPrice(ticket.price)} per {perTeam ? 'team' : 'ticket'}
            </dd>
            {facts.length > 0 && (
              <>
                <dt>Entry</dt>
                <dd>{facts.join(' · ')}</dd>
              </>
            )}
            <dt>Valid from</dt>
            <dd>{ticket.validFrom ? formatLongDate(ticket.validFrom) : 'Not specified'}</dd>
            <dt>Valid until</dt>
            <dd>{ticket.validUntil ? formatLongDate(ticket.validUntil) : 'Not specified'}</dd>
          </DetailList>
          {ticket.description && <p>{ticket.description}</p>}
        </Details>
      )}
    </Dialog>
  );
}

/** The ticket delete dialog: the sold-tickets warning and Delete Anyway when sold is above 0. */
export function DeleteTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteTicket();
  const sold = ticket?.sold ?? 0;
  const confirm = async () => {
    if (!ticket) return;
    try {
      await remove.mutateAsync(ticket.id);
      toast({ title: 'Success', description: `${ticket.name} has been removed successfully`, variant: 'success' });
      onClose();
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to delete ticket: ${error instanceof Error ? error.message : 'Unknown error'}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <ConfirmDialog
      open={ticket !== null}
      title="Delete Ticket"
      message={ticket && `Are you sure you want to delete "${ticket.name}"?`}
      details={
        sold > 0 && (
          <Callout tone="warning">
            This ticket type has {pluralize(sold, 'ticket')} sold. Deleting it may affect customer records and reports.
          </Callout>
        )
      }
      confirmLabel={sold > 0 ? 'Delete Anyway' : 'Delete'}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  p {
    margin: 0;
  }
`;

const Figures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(110px, 1fr));
  gap: ${({ theme }) => theme.space.sm};

  div {
    display: grid;
    padding: ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Bar = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.primaryStrong};
  }
`;
