import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Skeleton, getErrorMessage, isApiError } from '@tdk/shared-ui';

/**
 * The page a mailed link opens to confirm something (a newsletter address, a waiting-list place):
 * the link's token is posted from the page (so a mail scanner confirms nothing), and the page says
 * one of three things: working on it, done, or what is wrong with the link (decision 029, issue 40).
 */
export function LinkOutcome({
  missing,
  failed,
  error,
  done,
  busyLabel,
  problemTitle,
  missingText,
  afterProblem,
}: {
  /** The link carried no token. */
  missing: boolean;
  failed: boolean;
  error: unknown;
  /** What the page says once confirmed; undefined until then. */
  done: ReactNode | undefined;
  busyLabel: string;
  problemTitle: string;
  missingText: string;
  /** What follows the problem: a way on (a form to ask again, a link back). */
  afterProblem: ReactNode;
}) {
  if (done !== undefined) return <LinkPage>{done}</LinkPage>;
  if (!missing && !failed) {
    return (
      <LinkPage role="status" aria-busy="true" aria-label={busyLabel}>
        <Skeleton height={40} width="50%" />
      </LinkPage>
    );
  }
  // A refusal the API explains (an old or used link) in its words; anything else as an error.
  const problem = missing ? missingText : isApiError(error) && error.status < 500 ? error.message : getErrorMessage(error);
  return (
    <LinkPage>
      <h1>{problemTitle}</h1>
      <p role="alert">{problem}</p>
      {afterProblem}
    </LinkPage>
  );
}

const LinkPage = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  width: 100%;
  max-width: 720px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  & > p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
