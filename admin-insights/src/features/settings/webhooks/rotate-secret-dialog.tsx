// "Rotate secret" (issue 45, decision 074): asks first, then shows the new signing secret once. The
// previous secret keeps signing beside it for 24 hours, so the receiver can be switched over meanwhile.
import { useState } from 'react';
import type { RotatedWebhookSecret, WebhookEndpointView } from '@tdk/api/contract/webhooks';
import { Button, Dialog, formatDateTime, getErrorMessage, useToast } from '@tdk/shared-ui';
import { useRotateWebhookSecret } from '../queries';
import { useWebhooksT } from './webhook-words';
import { SecretOnceDialog } from './webhook-secret';

export function RotateWebhookSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointView | null; onClose: () => void }) {
  const t = useWebhooksT();
  const { toast } = useToast();
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<RotatedWebhookSecret | null>(null);

  const close = () => {
    setRotated(null);
    onClose();
  };

  if (!endpoint) return null;
  if (rotated)
    return (
      <SecretOnceDialog
        open
        onClose={close}
        title={t('rotate.newTitle')}
        description={t('rotate.newReady', { url: endpoint.url })}
        notice={t('rotate.overlap', { until: formatDateTime(rotated.previousSecretExpiresAt) })}
        secret={rotated.secret}
      />
    );

  const confirm = () =>
    rotate.mutateAsync(endpoint.id).then(setRotated, (error: unknown) =>
      toast({
        title: t('errorTitle'),
        description: t('rotate.failed', { message: getErrorMessage(error) }),
        variant: 'destructive',
      }),
    );

  return (
    <Dialog
      open
      onClose={close}
      title={t('rotate.title')}
      description={t('rotate.description', { url: endpoint.url })}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={rotate.isPending}>
            {t('rotate.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('rotate.explain')}</p>
    </Dialog>
  );
}
