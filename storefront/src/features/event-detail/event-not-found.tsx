import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button, EmptyState } from '@tdk/shared-ui';

/** The 'Event Not Found' page of SPEC.md section 8. */
export function EventNotFound({ message = 'The requested event could not be found.' }: { message?: string }) {
  return (
    <Root>
      <h1>Event Not Found</h1>
      <EmptyState
        title={message}
        icon={null}
        action={
          <Button as={Link} to="/" size="lg">
            Back to Home
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
