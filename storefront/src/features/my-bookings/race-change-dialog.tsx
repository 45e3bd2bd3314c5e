import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { MyAttendee } from '@tdk/api/contract';
import { Button, Callout, Dialog, getErrorMessage, useFormats, useToast } from '@tdk/shared-ui';
import { useBookingsT } from './i18n';
import { useRaceChange } from './queries';

/**
 * Decision 071: the participant moves this attendee to another race of the event (each listed with
 * what it costs: a refund of the difference less the fee, or a payment, which My bookings cannot
 * take yet), or defers them to the organiser's next edition as a credit.
 */
export function RaceChangeDialog({ attendee, onClose }: { attendee: MyAttendee; onClose: () => void }) {
  const t = useBookingsT();
  const formats = useFormats();
  const { toast } = useToast();
  const change = useRaceChange();
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Deferring cancels the ticket: it takes a second, deliberate press on its own question.
  const [deferring, setDeferring] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const deferStart = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Focus follows the step: to the question when asked, back to its button when declined.
    if (deferring) question.current?.focus();
    else if (asked.current) deferStart.current?.focus();
    asked.current = deferring;
  }, [deferring]);
  const race = attendee.raceChange;
  if (!race) return null;
  const fee = formats.rupees(race.fee);
  const options = race.swap.open ? race.options : [];

  const run = async (ticketTypeId: number | null) => {
    setProblem(null);
    try {
      await change.mutateAsync({ ticketNumber: attendee.ticketNumber, ticketTypeId });
      toast({ title: ticketTypeId === null ? t('bookings.deferredTitle') : t('bookings.swappedTitle'), variant: 'success' });
      onClose();
    } catch (caught) {
      setProblem(getErrorMessage(caught));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('bookings.raceChangeTitle', { name: attendee.name })}
      description={t('bookings.raceChangeIntro', { ticketName: attendee.ticketName })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('bookings.keepRace')}
          </Button>
          {race.swap.open && (
            <Button
              disabled={chosen === null || change.isPending}
              loading={change.isPending && chosen !== null}
              onClick={() => chosen !== null && void run(chosen)}
            >
              {t('bookings.swapConfirm')}
            </Button>
          )}
        </>
      }
    >
      {race.swap.open && (
        <fieldset>
          <legend>{t('bookings.swapChoose')}</legend>
          {options.length === 0 && <p>{t('bookings.swapNone')}</p>}
          {options.map((option) => {
            const needsPayment = option.pay > 0;
            return (
              <Choice key={option.ticketTypeId}>
                <input
                  type="radio"
                  name="race"
                  value={option.ticketTypeId}
                  disabled={needsPayment}
                  checked={chosen === option.ticketTypeId}
                  onChange={() => setChosen(option.ticketTypeId)}
                />
                <span>
                  <strong>{option.name}</strong> · {formats.rupees(option.price)}
                  <br />
                  <small data-testid="swap-cost">
                    {needsPayment
                      ? t('bookings.swapPay', { amount: formats.rupees(option.pay) })
                      : option.refund > 0
                        ? t('bookings.swapRefund', { amount: formats.rupees(option.refund), fee })
                        : t('bookings.swapFree')}
                  </small>
                </span>
              </Choice>
            );
          })}
        </fieldset>
      )}
      {race.defer.open && race.credit !== null && (
        <Callout tone="info">
          <p data-testid="defer-terms">{t('bookings.deferTerms', { credit: formats.rupees(race.credit), fee })}</p>
          {deferring ? (
            <>
              <DeferQuestion ref={question} tabIndex={-1} data-testid="defer-question">
                {t('bookings.deferSure', { name: attendee.name, credit: formats.rupees(race.credit) })}
              </DeferQuestion>
              <Actions>
                <Button variant="ghost" size="sm" disabled={change.isPending} onClick={() => setDeferring(false)}>
                  {t('bookings.deferBack')}
                </Button>
                <Button variant="danger" size="sm" loading={change.isPending && chosen === null} onClick={() => void run(null)}>
                  {t('bookings.deferConfirm')}
                </Button>
              </Actions>
            </>
          ) : (
            <Button ref={deferStart} variant="outline" size="sm" onClick={() => setDeferring(true)}>
              {t('bookings.deferStart')}
            </Button>
          )}
        </Callout>
      )}
      {problem && (
        <Problem role="alert" tabIndex={-1}>
          {problem}
        </Problem>
      )}
    </Dialog>
  );
}

const Choice = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.xs} 0;
`;

const DeferQuestion = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  &:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Problem = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
