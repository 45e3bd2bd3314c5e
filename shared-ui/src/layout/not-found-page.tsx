import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button } from '../form/button';
import { useCommonT } from '../i18n/common';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  min-height: 60vh;
  padding: ${({ theme }) => theme.space.xxxl} ${({ theme }) => theme.space.lg};
  text-align: center;
`;

const Code = styled.h1`
  margin: 0;
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.primary}, ${({ theme }) => theme.colors.primaryStrong});
  -webkit-background-clip: text;
  background-clip: text;
  color: ${({ theme }) => theme.colors.primaryStrong};
  -webkit-text-fill-color: transparent;
  font-size: clamp(4rem, 18vw, 7rem);
  font-weight: ${({ theme }) => theme.fontWeights.black};
  letter-spacing: -0.04em;
  line-height: 1;
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

/**
 * The 404 of SPEC.md section 2. Must render inside a router (it uses a router Link). It sits in a
 * layout's `<main>` (the storefront keeps its header and footer, the admin its frame); only a
 * page with no layout around it passes `standalone` to be the main landmark itself.
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const t = useCommonT();
  return (
    <Root as={standalone ? 'main' : 'div'}>
      <Code>404</Code>
      <Message>{t('notFound.message')}</Message>
      <Button as={Link} to="/" size="lg">
        {t('notFound.home')}
      </Button>
    </Root>
  );
}
