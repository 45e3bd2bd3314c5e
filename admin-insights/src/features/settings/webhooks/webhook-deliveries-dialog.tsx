// An endpoint's delivery log (issue 45, decision 064): each event sent to it, newest first, with
// every attempt's time, answer code and the first words of the answer, the next retry and the final
// state; Redeliver sends one again (same message id and body) at once.
import styled from 'styled-components';
import type { WebhookDeliveryView, WebhookEndpointView } from '@tdk/api/contract/webhooks';
import { Button, Dialog, formatDateTime, getErrorMessage, useToast } from '@tdk/shared-ui';
import { DataTable, StatusBadge } from '@tdk/shared-ui/admin';
import { useRedeliverWebhook, useWebhookDeliveries } from '../queries';
import { eventLabel, stateLabel, useWebhooksT } from './webhook-words';

const TONE = { pending: 'grey', succeeded: 'green', failed: 'red' } as const;

export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpointView | null; onClose: () => void }) {
  const t = useWebhooksT();
  const { toast } = useToast();
  const { data, error, isPending } = useWebhookDeliveries(endpoint?.id ?? null);
  const redeliver = useRedeliverWebhook();

  const again = (delivery: WebhookDeliveryView) =>
    redeliver.mutateAsync({ id: endpoint!.id, deliveryId: delivery.id }).then(
      () => toast({ title: t('successTitle'), description: t('log.redelivered'), variant: 'success' }),
      (caught: unknown) => toast({ title: t('errorTitle'), description: getErrorMessage(caught), variant: 'destructive' }),
    );

  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      size="xl"
      title={t('deliveriesOf', { url: endpoint?.url ?? '' })}
      footer={<Button onClick={onClose}>{t('log.close')}</Button>}
    >
      {error && <ErrorText role="alert">{t('log.loadFailed', { message: error.message })}</ErrorText>}
      <DataTable
        caption={t('log.caption')}
        hideCaption
        loading={isPending}
        rows={data?.deliveries ?? []}
        getRowKey={(delivery) => delivery.id}
        emptyTitle={t('log.empty')}
        columns={[
          {
            key: 'event',
            header: t('log.event'),
            render: (d) => (
              <>
                {eventLabel(t, d.eventType)}
                <br />
                <small>{formatDateTime(d.createdAt)}</small>
              </>
            ),
          },
          { key: 'payload', header: t('log.payload'), render: (d) => <code>{d.resourceId}</code> },
          {
            key: 'attempts',
            header: t('log.attempts'),
            render: (d) => (
              <Attempts>
                {d.attempts.map((a, i) => (
                  <li key={i}>
                    {t('log.attempt', {
                      time: formatDateTime(a.at),
                      status: a.status ?? t('log.noAnswer'),
                      excerpt: a.excerpt,
                    })}
                  </li>
                ))}
              </Attempts>
            ),
          },
          {
            key: 'next',
            header: t('log.nextRetry'),
            render: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : t('log.none')),
          },
          {
            key: 'state',
            header: t('log.state'),
            render: (d) => <StatusBadge tone={TONE[d.state]} label={stateLabel(t, d.state)} />,
          },
          {
            key: 'actions',
            header: t('log.actions'),
            render: (d) => (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void again(d)}
                aria-label={t('log.redeliverLabel', { event: d.eventType, id: d.resourceId })}
              >
                {t('log.redeliver')}
              </Button>
            ),
          },
        ]}
      />
    </Dialog>
  );
}

const Attempts = styled.ol`
  margin: 0;
  padding-left: 1.2em;
  max-width: 32rem;
  overflow-wrap: anywhere;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
