import { useState } from 'react';
import styled from 'styled-components';
import { Button, ConfirmDialog, useFormats, useToast } from '@tdk/shared-ui';
import { useBookingsT } from './i18n';
import { downloadJson, myDataFileName } from './download';
import { useDownloadMyData, useErasureRequest, useRequestErasure } from './queries';

/**
 * My bookings' "Your personal data" (decision 030): a JSON copy of everything held about the
 * buyer's bookings, and a request that staff erase it, with where that request stands.
 */
export function YourData() {
  const t = useBookingsT();
  const formats = useFormats();
  const { toast } = useToast();
  const download = useDownloadMyData();
  const request = useErasureRequest();
  const ask = useRequestErasure();
  const [confirming, setConfirming] = useState(false);
  const current = request.data ?? null;

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: (data) => downloadJson(data, myDataFileName(data.exportedAt)),
      onError: () => toast({ title: t('data.downloadFailed'), variant: 'destructive' }),
    });

  return (
    <Section aria-labelledby="your-data" data-testid="your-data">
      <h2 id="your-data">{t('data.heading')}</h2>
      <p>{t('data.lead')}</p>
      <Actions>
        <Button variant="outline" loading={download.isPending} onClick={onDownload}>
          {t('data.download')}
        </Button>
        {current?.status !== 'pending' && (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            {t('data.erase')}
          </Button>
        )}
      </Actions>
      {current && (
        <p role="status" data-testid="erasure-status">
          {current.status === 'pending'
            ? t('data.erasurePending', { date: formats.longDate(current.requestedAt) })
            : current.status === 'completed'
              ? t('data.erasureDone', { date: formats.longDate(current.handledAt ?? current.requestedAt) })
              : t('data.erasureDeclined', { note: current.note })}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('data.eraseTitle')}
        message={t('data.eraseMessage')}
        confirmLabel={t('data.eraseConfirm')}
        cancelLabel={t('data.eraseCancel')}
        busy={ask.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          ask.mutateAsync().then(
            () => setConfirming(false),
            () => {
              setConfirming(false);
              toast({ title: t('data.eraseFailed'), variant: 'destructive' });
            },
          )
        }
      />
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2,
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
