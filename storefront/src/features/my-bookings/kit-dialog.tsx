import { useState } from 'react';
import styled from 'styled-components';
import type { MyAttendee } from '@tdk/api/contract';
import { Button, Callout, Dialog, Field, Input, getErrorMessage, useFormats } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { CodeQr } from '@tdk/shared-ui/ticket';
import { useBookingsT } from './i18n';
import { useKitAuthorisation } from './queries';

const loadSchema = () => import('@tdk/api/contract/kit-authorisations').then((rules) => rules.kitAuthorisationSchema);

/**
 * Someone else collects this attendee's kit at the expo (decision 069): the participant names them
 * (as on their photo ID), and the dialog shows the authorisation's QR for the collector to show at
 * the kit desk. It works once; a new name, or Withdraw, stops the one before.
 */
export default function KitDialog({ attendee, onClose }: { attendee: MyAttendee; onClose: () => void }) {
  const t = useBookingsT();
  const formats = useFormats();
  const kit = attendee.kitCollection!;
  const authorisation = kit.authorisation && !kit.authorisation.usedAt ? kit.authorisation : null;
  const [renaming, setRenaming] = useState(authorisation === null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useKitAuthorisation();
  const form = useLazySchemaForm(loadSchema, { defaultValues: { collectorName: '' } });

  const submit = form.handleSubmit(async ({ collectorName }) => {
    setProblem(null);
    try {
      await save.mutateAsync({ ticketNumber: attendee.ticketNumber, collectorName });
      setRenaming(false);
    } catch (caught) {
      if (!applyServerErrors(caught, form.setError, ['collectorName'])) setProblem(getErrorMessage(caught));
    }
  });
  const withdraw = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({ ticketNumber: attendee.ticketNumber, collectorName: null });
      onClose();
    } catch (caught) {
      setProblem(getErrorMessage(caught));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('bookings.kitTitle', { name: attendee.name })}
      description={renaming || !authorisation ? t('bookings.kitIntro') : undefined}
      footer={
        renaming ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('bookings.cancelEdit')}
            </Button>
            <Button type="submit" form="kit-authorisation-form" loading={save.isPending}>
              {t('bookings.kitAuthorise')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => void withdraw()} loading={save.isPending}>
              {t('bookings.kitWithdraw')}
            </Button>
            <Button variant="outline" onClick={() => setRenaming(true)}>
              {t('bookings.kitSomeoneElse')}
            </Button>
            <Button onClick={onClose}>{t('bookings.kitDone')}</Button>
          </>
        )
      }
    >
      {renaming || !authorisation ? (
        <Form id="kit-authorisation-form" onSubmit={submit} noValidate>
          <Field label={t('bookings.kitCollectorName')} required error={form.formState.errors.collectorName?.message}>
            <Input autoComplete="off" {...form.register('collectorName')} />
          </Field>
          {authorisation && <p>{t('bookings.kitReplaces', { name: authorisation.collectorName })}</p>}
        </Form>
      ) : (
        <Shown>
          <CodeQr value={authorisation.code} title={t('bookings.kitQrTitle', { name: authorisation.collectorName })} />
          <p data-testid="kit-authorisation">
            {t('bookings.kitShow', { name: authorisation.collectorName, runner: attendee.name })}
          </p>
          <small>
            {t('bookings.kitCreated', { date: formats.dateTime(authorisation.createdAt) })} · <code>{authorisation.code}</code>
          </small>
        </Shown>
      )}
      {problem && (
        <Callout tone="danger">
          <span role="alert">{problem}</span>
        </Callout>
      )}
    </Dialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
`;

const Shown = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  text-align: center;
  p,
  small {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
