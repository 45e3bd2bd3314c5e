// Settings → Webhooks (issue 45, decision 064), beside API tokens: the organisation's endpoints with
// their events and state, "Add endpoint" (the signing secret shown once), Disable / Enable, and each
// endpoint's delivery log with Redeliver, and "Rotate secret" (decision 074: the new one shown once). An endpoint the worker switched off after three days of
// failures is named above the list. Admins only (the Settings page's guard, and the API's).
import { useState } from 'react';
import styled from 'styled-components';
import type { WebhookEndpointView } from '@tdk/api/contract/webhooks';
import { Button, Card, CardBody, CardDescription, CardHeader, CardTitle, getErrorMessage, useToast } from '@tdk/shared-ui';
import { DataTable, StatusBadge } from '@tdk/shared-ui/admin';
import { useUpdateWebhook, useWebhooks } from '../queries';
import { CreateWebhookDialog } from './webhook-dialog';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { RotateWebhookSecretDialog } from './rotate-secret-dialog';
import { eventLabel, statusLabel, useWebhooksT } from './webhook-words';

const TONE = { active: 'green', disabled: 'grey', failing: 'red' } as const;

export function WebhooksSection() {
  const t = useWebhooksT();
  const { toast } = useToast();
  const { data, error, isPending } = useWebhooks();
  const update = useUpdateWebhook();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<WebhookEndpointView | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const endpoints = data?.endpoints ?? [];
  const failing = endpoints.filter((e) => e.status === 'failing');

  const toggle = (endpoint: WebhookEndpointView) => {
    const enabled = endpoint.status !== 'active';
    update.mutateAsync({ id: endpoint.id, enabled }).then(
      () =>
        toast({
          title: t('successTitle'),
          description: enabled ? t('enabledToast', { url: endpoint.url }) : t('disabledToast', { url: endpoint.url }),
          variant: 'success',
        }),
      (caught: unknown) => toast({ title: t('errorTitle'), description: getErrorMessage(caught), variant: 'destructive' }),
    );
  };

  return (
    <Card as="section" aria-labelledby="settings-webhooks-title">
      <CardHeader>
        <div>
          <CardTitle id="settings-webhooks-title">{t('title')}</CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>{t('add')}</Button>
      </CardHeader>
      <CardBody>
        {error && <ErrorText role="alert">{t('loadFailed', { message: error.message })}</ErrorText>}
        {failing.map((endpoint) => (
          <ErrorText key={endpoint.id} role="alert">
            {t('failingNotice', { url: endpoint.url })}
          </ErrorText>
        ))}
        <DataTable
          caption={t('caption')}
          hideCaption
          loading={isPending}
          rows={endpoints}
          getRowKey={(endpoint) => endpoint.id}
          emptyTitle={t('empty')}
          columns={[
            {
              key: 'url',
              header: t('col.url'),
              render: (e) => (
                <Url>
                  <code>{e.url}</code>
                  {e.description && <small>{e.description}</small>}
                </Url>
              ),
            },
            { key: 'events', header: t('col.events'), render: (e) => e.events.map((type) => eventLabel(t, type)).join(', ') },
            {
              key: 'status',
              header: t('col.status'),
              render: (e) => <StatusBadge tone={TONE[e.status]} label={statusLabel(t, e.status)} />,
            },
            {
              key: 'actions',
              header: t('col.actions'),
              render: (e) => (
                <Actions>
                  <Button size="sm" variant="outline" onClick={() => setViewing(e)}>
                    {t('deliveries')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setRotating(e)}
                    aria-label={t('rotate.label', { url: e.url })}
                  >
                    {t('rotate.action')}
                  </Button>
                  <Button size="sm" variant={e.status === 'active' ? 'danger' : 'outline'} onClick={() => toggle(e)}>
                    {e.status === 'active' ? t('disable') : t('enable')}
                  </Button>
                </Actions>
              ),
            },
          ]}
        />
      </CardBody>
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <WebhookDeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />
      <RotateWebhookSecretDialog endpoint={rotating} onClose={() => setRotating(null)} />
    </Card>
  );
}

const Url = styled.span`
  display: grid;
  overflow-wrap: anywhere;
`;

const Actions = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;
