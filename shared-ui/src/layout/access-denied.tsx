import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LockIcon } from '@tdk/shared-ui';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxxl} ${({ theme }) => theme.space.lg};
  text-align: center;
`;

const IconCircle = styled.div`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  font-weight: ${({ theme }) => theme.fontWeights.black};
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** SPEC.md section 6: what a signed-in user below the required rank sees. */
export function AccessDenied({ action, className }: { action?: ReactNode; className?: string }) {
  return (
    <Root className={className} data-testid="access-denied">
      <IconCircle aria-hidden="true">
        <LockIcon size={26} />
      </IconCircle>
      <Title>Access Denied</Title>
      <Text>You don&apos;t have permission to access this page.</Text>
      {action}
    </Root>
  );
}
