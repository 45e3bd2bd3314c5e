import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../form/button';
import { AlertTriangleIcon, RefreshIcon } from '../icons/icons';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.xl} auto;
  max-width: 520px;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
`;

const IconCircle = styled.div`
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: 50%;
  background: ${({ theme }) => theme.tones.yellow.bg};
  color: ${({ theme }) => theme.tones.yellow.fg};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface SectionUnavailableProps {
  onRetry: () => void;
  /** Replaces the default explanation. */
  message?: ReactNode;
  className?: string;
}

/**
 * The fallback the shell shows when a remote fails to load or crashes (DESIGN.md section 2):
 * only this section is replaced; the header, sidebar and other sections keep working.
 */
export function SectionUnavailable({ onRetry, message, className }: SectionUnavailableProps) {
  return (
    <Root role="alert" className={className} data-testid="section-unavailable">
      <IconCircle aria-hidden="true">
        <AlertTriangleIcon size={26} />
      </IconCircle>
      <Title>This section is unavailable</Title>
      <Text>
        {message ??
          'This part of the page could not be loaded right now. The rest of the site still works; try again in a moment.'}
      </Text>
      <Button variant="outline" onClick={onRetry} leftIcon={<RefreshIcon size={16} />}>
        Retry
      </Button>
    </Root>
  );
}
