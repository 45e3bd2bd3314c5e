// A webhook signing secret shown once (decisions 064 and 074): after "Add endpoint" and after
// "Rotate secret", with a copy button; the API never answers it again.
import styled from 'styled-components';
import { Button, Dialog, Field, Input, useToast } from '@tdk/shared-ui';
import { useWebhooksT } from './webhook-words';

export function SecretOnceDialog({
  open,
  onClose,
  title,
  description,
  secret,
  notice,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  secret: string;
  /** Said below the warning (the rotation's overlap). */
  notice?: string;
}) {
  const t = useWebhooksT();
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: t('secret.copiedTitle'), description: t('secret.copied'), variant: 'success' });
    } catch {
      toast({ title: t('errorTitle'), description: t('secret.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={<Button onClick={onClose}>{t('secret.done')}</Button>}
    >
      <Warning role="status">{t('secret.once')}</Warning>
      {notice && <p>{notice}</p>}
      <Field label={t('secret.label')} hint={t('secret.hint')}>
        <Secret readOnly value={secret} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
      </Field>
      <Button variant="outline" onClick={() => void copy()}>
        {t('secret.copy')}
      </Button>
    </Dialog>
  );
}

const Warning = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;

const Secret = styled(Input)`
  font-family: monospace;
`;
