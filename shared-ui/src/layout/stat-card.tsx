import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AccentTone } from '../theme/theme';
import { formatNumber, Skeleton } from '@tdk/shared-ui';

const Root = styled.div<{ $tone: AccentTone }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xl};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xs};

  /* A thin accent bar on the left gives the grid of cards its sporty rhythm. */
  &::before {
    content: '';
    position: absolute;
    inset: 0 auto 0 0;
    width: 4px;
    background: ${({ theme, $tone }) => theme.tones[$tone].solid};
  }
`;

const Content = styled.dl`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  margin: 0;
`;

const LabelText = styled.dt`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Value = styled.dd`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.black};
  font-variant-numeric: tabular-nums;
  letter-spacing: -0.01em;
  line-height: 1.2;
  overflow-wrap: anywhere;
`;

const Hint = styled.dd`
  margin: 0;
  color: ${({ theme }) => theme.colors.textSubtle};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const IconBox = styled.div<{ $tone: AccentTone }>`
  display: grid;
  flex: none;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.tones[$tone].bg};
  color: ${({ theme, $tone }) => theme.tones[$tone].fg};
`;

export interface StatCardProps {
  label: ReactNode;
  /** A count is written the Indian way (1,00,000); anything else as given. */
  value: ReactNode;
  hint?: ReactNode;
  /** Decorative icon shown in a tinted square (hidden from screen readers). */
  icon?: ReactNode;
  tone?: AccentTone;
  /** Shows a placeholder instead of the value while figures load. */
  loading?: boolean;
  className?: string;
}

/** One figure of a dashboard row, e.g. Total Registrations / 1,240 / '+12% this month'. */
export function StatCard({ label, value, hint, icon, tone = 'orange', loading = false, className }: StatCardProps) {
  return (
    <Root $tone={tone} className={className} data-tone={tone}>
      <Content>
        <LabelText>{label}</LabelText>
        <Value aria-busy={loading || undefined}>
          {loading ? <Skeleton width="6ch" height="1.6rem" /> : typeof value === 'number' ? formatNumber(value) : value}
        </Value>
        {hint && <Hint>{hint}</Hint>}
      </Content>
      {icon && (
        <IconBox $tone={tone} aria-hidden="true">
          {icon}
        </IconBox>
      )}
    </Root>
  );
}

/** A responsive grid for stat cards: one column on phones, up to four on wide screens. */
export const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;
