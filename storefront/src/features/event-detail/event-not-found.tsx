import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button, EmptyState } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';

/** The 'Event Not Found' page of SPEC.md section 8. */
export function EventNotFound({ message }: { message?: string }) {
  const t = useStorefrontT();
  return (
    <Root>
      <h1>{t('notFound.heading')}</h1>
      <EmptyState
        title={message ?? t('notFound.message')}
        icon={null}
        action={
          <Button as={Link} to="/" size="lg">
            {t('backHome')}
          </Button>
        }
      />
    </Root>
  );
}

const Root = styled.section`
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxxl} clamp(12px, 4vw, 40px);
  text-align: center;

  h1 {
    margin: 0;
    font-size: clamp(1.8rem, 5vw, 2.4rem);
  }
`;
