import { Link, useParams } from '@tdk/shared-ui/router';
import { useMutation } from '@tanstack/react-query';
import type { JoinWaitingListResponse } from '@tdk/api/contract';
import { callApi, useApiClient, useFormats, type ApiError } from '@tdk/shared-ui';
import { useCheckoutT } from '../checkout-messages/i18n';
import { useLinkToken } from '../links/use-link-token';
import { LinkOutcome } from '../links/link-outcome';

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

  const joined = confirm.data;
  return (
    <LinkOutcome
      missing={missing}
      failed={confirm.isError}
      error={confirm.error}
      done={
        joined ? (
          <>
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
          </>
        ) : undefined
      }
      busyLabel={t('waitingList.confirmingTitle')}
      problemTitle={t('waitingList.confirmProblemTitle')}
      missingText={t('waitingList.confirmMissing')}
      afterProblem={back}
    />
  );
}
