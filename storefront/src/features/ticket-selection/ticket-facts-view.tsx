import styled, { css } from 'styled-components';
import type { Ticket } from '@tdk/api/contract';
import { useFormats } from '@tdk/shared-ui';
import { useCheckoutT } from '../checkout-messages/i18n';
import { teamFact, ticketFacts, type TicketFact } from './ticket-facts';

function useFactText() {
  const t = useCheckoutT();
  const formats = useFormats();
  return (fact: TicketFact) =>
    t(fact.key, Object.fromEntries(Object.entries(fact.values ?? {}).map(([name, value]) => [name, formats.number(value)])));
}

/** Who a ticket type is for, as a card shows it: 'Team of 4', '18+', 'Women only'. */
export function TicketFacts({ ticket, label }: { ticket: Ticket; label: string }) {
  const text = useFactText();
  const facts = ticketFacts(ticket);
  if (facts.length === 0) return null;
  return (
    <Facts aria-label={label} data-testid="ticket-facts">
      {facts.map((fact) => (
        <li key={fact.key}>{text(fact)}</li>
      ))}
    </Facts>
  );
}

/** A team entry's size beside its team: 'Team of 4', 'Team of 7–11'. */
export function TeamSizeFact({ ticket }: { ticket: Pick<Ticket, 'teamMin' | 'teamMax'> }) {
  const text = useFactText();
  const fact = teamFact(ticket);
  return fact ? <Pill>{text(fact)}</Pill> : null;
}

const pill = css`
  display: inline-flex;
  align-items: center;
  min-height: 24px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.secondarySoft};
  color: ${({ theme }) => theme.colors.secondaryHover};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;

  li {
    ${pill}
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Pill = styled.span`
  ${pill}
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
