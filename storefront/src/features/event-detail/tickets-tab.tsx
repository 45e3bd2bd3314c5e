import styled from 'styled-components';
import { LIMITS, type Ticket } from '@tdk/api/contract';
import { Button, CheckIcon, EmptyState, Skeleton, useFormats, usePriceFormats } from '@tdk/shared-ui';
import { ticketCategoryLabel } from '../i18n';
import { useCheckoutT } from '../checkout-messages/i18n';
import { isTeamEntry } from '../registration/attendee-slots';
import { QuantityStepper } from '../ticket-selection/quantity-stepper';
import { perOrderMaximum, purchasableQuantity, type Quantities } from '../ticket-selection/quantity';
import { TicketFacts } from '../ticket-selection/ticket-facts-view';

/** The fixed features every ticket shows (SPEC.md section 2): the storefront catalogue's keys. */

export interface TicketsTabProps {
  tickets: Ticket[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  quantities: Quantities;
  onQuantityChange: (ticketId: number, quantity: number) => void;
  /** A sold-out ticket type offers its waiting list instead of the quantity (decision 024). */
  onJoinWaitingList?: (ticket: Ticket) => void;
}

export function TicketsTab({
  tickets,
  loading,
  failed,
  onRetry,
  quantities,
  onQuantityChange,
  onJoinWaitingList,
}: TicketsTabProps) {
  const t = useCheckoutT();
  const formats = useFormats();
  const prices = usePriceFormats();
  if (loading) {
    return (
      <List aria-busy="true" aria-label={t('tickets.loading')} role="status">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={150} radius="14px" />
        ))}
      </List>
    );
  }
  if (failed) {
    return (
      <EmptyState
        title={t('tickets.failed')}
        message={t('tryAgainSoon')}
        action={
          <Button variant="outline" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (tickets.length === 0) {
    return <EmptyState title={t('tickets.none')} message={t('tickets.notOnSale')} />;
  }
  return (
    <>
      <List>
        {tickets.map((ticket) => {
          const low = ticket.available < LIMITS.lowAvailability;
          const headingId = `ticket-${ticket.id}-name`;
          // A team entry is bought by the team: its picker counts teams, its price is per team or per member.
          const team = isTeamEntry(ticket);
          const pickerNoteId = `ticket-${ticket.id}-picker`;
          return (
            <TicketCard key={ticket.id} aria-labelledby={headingId} data-testid="ticket-option" data-ticket-id={ticket.id}>
              <Top>
                <div>
                  <TicketCategory>{ticketCategoryLabel(t, ticket.category)}</TicketCategory>
                  <h2 id={headingId}>{ticket.name}</h2>
                  {ticket.description && <Description>{ticket.description}</Description>}
                  <TicketFacts ticket={ticket} label={t('tickets.factsOf', { name: ticket.name })} />
                </div>
                <TicketPrice>
                  {prices.price(ticket.price)}
                  {team && ticket.price > 0 && (
                    <small>{ticket.teamPricing === 'team' ? t('tickets.perTeam') : t('tickets.perMember')}</small>
                  )}
                </TicketPrice>
              </Top>
              {ticket.inclusions.length > 0 && (
                <Features aria-label={t('tickets.includes', { name: ticket.name })}>
                  {ticket.inclusions.map((inclusion) => (
                    <li key={inclusion}>
                      <CheckIcon size={16} />
                      {inclusion}
                    </li>
                  ))}
                </Features>
              )}
              <Bottom>
                <Availability $low={low} data-testid="ticket-availability" data-low={low || undefined}>
                  {ticket.available === 0
                    ? t('tickets.soldOut')
                    : low
                      ? t('tickets.onlyLeft', { count: ticket.available, number: formats.number(ticket.available) })
                      : t('tickets.available', { count: ticket.available, number: formats.number(ticket.available) })}
                </Availability>
                {ticket.available === 0 && onJoinWaitingList ? (
                  <Button
                    variant="outline"
                    onClick={() => onJoinWaitingList(ticket)}
                    aria-label={t('waitingList.joinFor', { name: ticket.name })}
                    data-testid="join-waiting-list"
                  >
                    {t('waitingList.join')}
                  </Button>
                ) : (
                  <Picker>
                    <QuantityStepper
                      label={ticket.name}
                      value={quantities[ticket.id] ?? 0}
                      available={purchasableQuantity(ticket)}
                      onChange={(quantity) => onQuantityChange(ticket.id, quantity)}
                      describedBy={team ? pickerNoteId : undefined}
                    />
                    {team ? (
                      <small id={pickerNoteId}>{t('tickets.teamPicker')}</small>
                    ) : (
                      ticket.available > perOrderMaximum(ticket) && (
                        <small>{t('tickets.perOrder', { max: perOrderMaximum(ticket) })}</small>
                      )
                    )}
                  </Picker>
                )}
              </Bottom>
            </TicketCard>
          );
        })}
      </List>
    </>
  );
}

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const TicketCard = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const TicketCategory = styled.span`
  color: ${({ theme }) => theme.colors.textSubtle};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Description = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const TicketPrice = styled.span`
  display: flex;
  flex: none;
  flex-direction: column;
  align-items: flex-end;
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.black};

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Features = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  svg {
    color: ${({ theme }) => theme.colors.success};
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px dashed ${({ theme }) => theme.colors.border};
`;

const Picker = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;

  small {
    color: ${({ theme }) => theme.colors.textSubtle};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Availability = styled.span<{ $low: boolean }>`
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $low }) => ($low ? theme.tones.red.bg : theme.tones.green.bg)};
  color: ${({ theme, $low }) => ($low ? theme.tones.red.fg : theme.tones.green.fg)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
