// An event's waiting room in the console (issue 29, decision 032): its settings (the rate changes
// live), pause and resume, the live figures (refreshed every few seconds) and the audit of every
// change, with the recorded seed of the pre-queue's shuffle.
import { useEffect, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { waitingRoomSettingsSchema, type SportEvent, type WaitingRoomState } from '@tdk/api/contract';
import {
  Button,
  Callout,
  Dialog,
  Field,
  Input,
  formatDateTime,
  formatNumber,
  getErrorMessage,
  isApiError,
  useToast,
} from '@tdk/shared-ui';
import { StatCard, StatGrid, Switch } from '@tdk/shared-ui/admin';
import { fieldProblems } from './field-problems';
import { useSteerWaitingRoom, useWaitingRoom } from './queries';
import { formValuesOf, inputOf, type WaitingRoomFormValues } from './waiting-room-form';

const STATE_LABELS: Record<WaitingRoomState, string> = {
  off: 'Off',
  before: 'Before the on-sale (pre-queue)',
  open: 'Open: admitting',
  paused: 'Paused',
  sold_out: 'Sold out for now (seats in checkouts)',
  closed: 'Closed: sold out',
};

type NumberField = 'ratePerMinute' | 'finishMinutes' | 'capPerEmail' | 'capPerPhone' | 'browsersPerAddress';

export function WaitingRoomDialog({
  event,
  canWrite,
  onClose,
}: {
  event: SportEvent | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const room = useWaitingRoom(event?.id ?? null);
  const steer = useSteerWaitingRoom(event?.id ?? 0);
  const [values, setValues] = useState<WaitingRoomFormValues | null>(null);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  // The form starts from the room as loaded; the figures refresh under it without touching it.
  const settings = room.data?.settings ?? null;
  const loaded = room.data !== undefined;
  useEffect(() => {
    if (loaded && values === null) setValues(formValuesOf(settings));
  }, [loaded, settings, values]);
  const close = () => {
    setValues(null);
    setServerProblems({});
    setTried(false);
    onClose();
  };
  const problems = { ...(tried && values ? fieldProblems(waitingRoomSettingsSchema, inputOf(values)) : {}), ...serverProblems };
  const set = (field: NumberField | 'onSaleDate' | 'onSaleTime') => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => current && { ...current, [field]: e.target.value });
    setServerProblems(({ [field]: _, ...rest }) => rest);
  };

  const save = async () => {
    if (!values) return;
    setTried(true);
    setServerProblems({});
    if (Object.keys(fieldProblems(waitingRoomSettingsSchema, inputOf(values))).length > 0) return;
    try {
      await steer.save.mutateAsync(inputOf(values));
      toast({ title: 'Waiting room saved', variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.fields) setServerProblems(error.fields);
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const pause = async (paused: boolean) => {
    try {
      await steer.pause.mutateAsync(paused);
      toast({ title: paused ? 'Admissions paused' : 'Admissions resumed', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  const figures = room.data?.figures ?? null;
  const opened = Boolean(figures?.openedAt);
  const number = (field: NumberField, label: string, hint?: string) =>
    values && (
      <Field label={label} error={problems[field]} hint={hint}>
        <Input type="number" inputMode="numeric" min={1} value={values[field]} onChange={set(field)} disabled={!canWrite} />
      </Field>
    );

  return (
    <Dialog
      open={event !== null}
      onClose={close}
      title={event ? `Waiting room: ${event.title}` : 'Waiting room'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
          {canWrite && figures && figures.state !== 'closed' && (
            <Button variant="outline" onClick={() => void pause(!figures.paused)} disabled={steer.pause.isPending}>
              {figures.paused ? 'Resume admissions' : 'Pause admissions'}
            </Button>
          )}
          {canWrite && (
            <Button onClick={() => void save()} disabled={!values || steer.save.isPending}>
              Save
            </Button>
          )}
        </>
      }
    >
      {room.isError && <p role="alert">Failed to load the waiting room.</p>}
      {room.isPending && <p role="status">Loading…</p>}
      {values && (
        <Body>
          {figures && (
            <section aria-label="Live figures">
              <StateLine role="status">
                State: <strong data-testid="waiting-room-state">{STATE_LABELS[figures.state]}</strong>
                {figures.openedAt && <> · opened {formatDateTime(figures.openedAt)}</>}
              </StateLine>
              <StatGrid>
                <StatCard
                  label={opened ? 'Waiting in line' : 'In the pre-queue'}
                  value={formatNumber(figures.waiting)}
                  tone="blue"
                />
                <StatCard label="Admitted (pass unused)" value={formatNumber(figures.admitted)} tone="yellow" />
                <StatCard label="In checkout" value={formatNumber(figures.inCheckout)} tone="orange" />
                <StatCard label="Bought through the queue" value={formatNumber(figures.bought)} tone="green" />
                <StatCard label="Passes lapsed" value={formatNumber(figures.expired)} tone="grey" />
                <StatCard
                  label="Seats sold / left"
                  value={`${formatNumber(figures.sold)} / ${formatNumber(figures.seatsLeft)}`}
                  tone="grey"
                />
              </StatGrid>
              {figures.shuffleSeed && (
                <Seed>
                  Pre-queue of {formatNumber(figures.preQueueCount)} shuffled with seed <code>{figures.shuffleSeed}</code>
                </Seed>
              )}
            </section>
          )}
          <section aria-label="Settings">
            <Switch
              checked={values.enabled}
              onCheckedChange={(enabled) => setValues((current) => current && { ...current, enabled })}
              label="Sell through a waiting room"
              disabled={!canWrite}
            />
            {opened && (
              <Callout tone="info" title="The sale has opened">
                The pre-queue is drawn: the on-sale time can no longer change. The rate, the time to finish and the caps change
                live.
              </Callout>
            )}
            <Row>
              <Field label="On-sale date (India)" error={problems.onSaleDate}>
                <Input type="date" value={values.onSaleDate} onChange={set('onSaleDate')} disabled={!canWrite || opened} />
              </Field>
              <Field label="On-sale time (India)" error={problems.onSaleTime}>
                <Input type="time" value={values.onSaleTime} onChange={set('onSaleTime')} disabled={!canWrite || opened} />
              </Field>
            </Row>
            <Row>
              {number('ratePerMinute', 'Admission rate (people per minute)')}
              {number('finishMinutes', 'Minutes to finish once admitted')}
            </Row>
            <Row>
              {number('capPerEmail', 'Tickets per buyer e-mail (whole sale)')}
              {number('capPerPhone', 'Tickets per phone (whole sale)')}
            </Row>
            {number(
              'browsersPerAddress',
              'Browsers per network address',
              'Mobile networks share addresses: keep room for families and offices.',
            )}
          </section>
          {room.data && room.data.audit.length > 0 && (
            <section aria-label="Audit">
              <h3>Audit</h3>
              <Audit>
                {room.data.audit.map((entry) => (
                  <li key={entry.id}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.action} · {entry.actorEmail}
                    {entry.detail && Object.keys(entry.detail).length > 0 && <Detail>{JSON.stringify(entry.detail)}</Detail>}
                  </li>
                ))}
              </Audit>
            </section>
          )}
        </Body>
      )}
    </Dialog>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  section {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;

const StateLine = styled.p`
  margin: 0;
`;

const Seed = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Audit = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Detail = styled.code`
  display: block;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textMuted};
`;
