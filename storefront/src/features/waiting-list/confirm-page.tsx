import { Link, useParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { useMutation } from '@tanstack/react-query';
import type { JoinWaitingListResponse } from '@tdk/api/contract';
import { Skeleton, callApi, getErrorMessage, isApiError, useApiClient, useFormats, type ApiError } from '@tdk/shared-ui';
import { useCheckoutT } from '../checkout-messages/i18n';
import { useLinkToken } from '../links/use-link-token';

/**
 * /event/:id/waiting-list/confirm#token, from the link mailed to a new waiting-list entry (issue
 * 40): confirms the address, after which the place counts. A POST from this page, so a mail
 * scanner fetching the link confirms nothing; the token travels in the fragment, never in a log.
 */
export function WaitingListConfirmPage() {
  const t = useCheckoutT();
  const formats = useFormats();
  const { id = '' } = useParams();
  const client = useApiClient();
  const confirm = useMutation<JoinWaitingListResponse, ApiError, string>({
    mutationFn: async (token) =>
      (await callApi(
        client.api.events[':id']['waiting-list'].confirm.$post({ param: { id }, json: { token } }),
      )) as JoinWaitingListResponse,
  });
  const { missing } = useLinkToken((token) => confirm.mutate(token));
  const back = (
    <p>
      <Link to={`/event/${id}`}>{t('waitingList.backToEvent')}</Link>
    </p>
  );

  if (confirm.data) {
    const joined = confirm.data;
    return (
      <Page>
        <h1>{t('waitingList.confirmedTitle')}</h1>
        <p role="status" data-testid="waiting-list-confirmed">
          {t('waitingList.confirmed', {
            place: formats.number(joined.place),
            count: joined.quantity,
            number: formats.number(joined.quantity),
            name: joined.ticketName,
          })}
        </p>
        {back}
      </Page>
    );
  }
  if (!missing && !confirm.isError) {
    return (
      <Page role="status" aria-busy="true" aria-label={t('waitingList.confirmingTitle')}>
        <Skeleton height={40} width="50%" />
      </Page>
    );
  }
  const problem = missing
    ? t('waitingList.confirmMissing')
    : isApiError(confirm.error) && confirm.error.status < 500
      ? confirm.error.message
      : getErrorMessage(confirm.error);
  return (
    <Page>
      <h1>{t('waitingList.confirmProblemTitle')}</h1>
      <p role="alert">{problem}</p>
      {back}
    </Page>
  );
}

const Page = styled.div`
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
