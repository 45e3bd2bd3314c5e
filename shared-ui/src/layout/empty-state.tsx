import type { ReactNode } from 'react';
import styled from 'styled-components';
import { InboxIcon } from '../icons/icons';

const Root = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme, $compact }) => ($compact ? theme.space.xl : theme.space.xxxl)} ${({ theme }) => theme.space.lg};
  text-align: center;
`;

const IconCircle = styled.div`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Title = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Message = styled.p`
  margin: 0;
  max-width: 48ch;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Action = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
`;

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** Defaults to an inbox; pass `null` for none. */
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  className?: string;
}

export function EmptyState({ title, message, icon, action, compact = false, className }: EmptyStateProps) {
  const shownIcon = icon === undefined ? <InboxIcon size={26} /> : icon;
  return (
    <Root $compact={compact} className={className}>
      {shownIcon && <IconCircle aria-hidden="true">{shownIcon}</IconCircle>}
      <Title>{title}</Title>
      {message && <Message>{message}</Message>}
      {action && <Action>{action}</Action>}
    </Root>
  );
}
