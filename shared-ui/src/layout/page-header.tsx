import type { ReactNode } from 'react';
import styled from 'styled-components';

const Root = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Titles = styled.div`
  min-width: 0;
  flex: 1 1 280px;
`;

const Title = styled.h1`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.black};
  letter-spacing: -0.02em;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    font-size: ${({ theme }) => theme.fontSizes.xxxl};
  }
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  @media (max-width: ${({ theme }) => theme.breakpoints.phoneLg - 0.02}px) {
    width: 100%;
    & > * {
      flex: 1 1 auto;
    }
  }
`;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons shown on the right (full width below on phones). */
  actions?: ReactNode;
  className?: string;
}

/** The h1 of an admin page with its subtitle and primary actions. */
export function PageHeader({ title, subtitle, actions, className }: PageHeaderProps) {
  return (
    <Root className={className}>
      <Titles>
        <Title>{title}</Title>
        {subtitle && <Subtitle>{subtitle}</Subtitle>}
      </Titles>
      {actions && <Actions>{actions}</Actions>}
    </Root>
  );
}
