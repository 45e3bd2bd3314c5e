import styled from 'styled-components';
import { useFormats } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import type { SummaryRow } from './order-summary';

/**
 * What one row of the order is: 'Half Marathon × 2', or a team, 'Relay 4×5K — Marine Drive
 * Gazelles', with how its price is made ('4 × ₹500', or one price for the team).
 */
export function SummaryRowLabel({ row }: { row: SummaryRow }) {
  const t = useStorefrontT();
  const formats = useFormats();
  if (!row.team) {
    return (
      <span>
        {row.ticket.name} × {row.quantity}
      </span>
    );
  }
  const price = formats.rupees(row.ticket.price);
  return (
    <Label>
      <span>{t('summary.team', { ticket: row.ticket.name, team: row.team.name || t('team.unnamed', { n: row.team.n }) })}</span>
      <small>
        {row.ticket.teamPricing === 'team'
          ? t('summary.perTeam', { count: row.quantity, number: formats.number(row.quantity) })
          : t('summary.perMember', { members: formats.number(row.quantity), price })}
      </small>
    </Label>
  );
}

const Label = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: anywhere;

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;
