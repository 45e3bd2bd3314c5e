import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import styled from 'styled-components';
import { Button, useFormats } from '@tdk/shared-ui';
import { attendeeState, type GateAttendee, type OrderChoice, type ScanAnswer } from './gate-answer';
import { gateMessage, useGateT } from './gate-words';

/**
 * A typed booking reference of an order of several attendees (decision 021): nobody is in yet.
 * Each attendee with their ticket type, ticket number and check-in, and an Admit button for those
 * who may still enter. The keyboard is brought to the list when it appears; Tab goes from one
 * Admit to the next, and what each admission answered is announced.
 */
export function OrderChooser({
  choice,
  onAdmit,
  style,
}: {
  choice: OrderChoice;
  /** Admits one attendee by their ticket number; resolves with what that answered. */
  onAdmit: (bookingReference: string, registrationNumber: string) => Promise<ScanAnswer | undefined>;
  style?: CSSProperties;
}) {
  const t = useGateT();
  const formats = useFormats();
  const headingId = useId();
  const box = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [said, setSaid] = useState('');
  const list = useRef<HTMLUListElement>(null);
  /** The attendee being admitted: once answered, the keyboard stays with them or goes on to the next. */
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
    setSaid('');
  }, [choice.bookingReference]);

  useEffect(() => {
    const number = refocus.current;
    if (!number || busy.has(number)) return;
    refocus.current = null;
    // Staff moved on meanwhile (another Admit, the code field): leave the keyboard where it is.
    if (document.activeElement && document.activeElement !== document.body) return;
    const items = [...(list.current?.children ?? [])];
    const at = Math.max(
      0,
      items.findIndex((item) => item.getAttribute('data-number') === number),
    );
    const next = [...items.slice(at), ...items.slice(0, at)]
      .map((item) => item.querySelector<HTMLButtonElement>('button:not(:disabled)'))
      .find(Boolean);
    (next ?? heading.current)?.focus();
  }, [choice, busy]);

  const admit = async (attendee: GateAttendee) => {
    setBusy((before) => new Set(before).add(attendee.registrationNumber));
    refocus.current = attendee.registrationNumber;
    try {
      const result = await onAdmit(choice.bookingReference, attendee.registrationNumber);
      const name = attendee.name || attendee.registrationNumber;
      if (result?.tone === 'green') setSaid(t('gate.admittedName', { name }));
      else if (result?.tone === 'amber' || result?.tone === 'red') setSaid(`${name}: ${gateMessage(t, result.message)}`);
    } finally {
      setBusy((before) => {
        const next = new Set(before);
        next.delete(attendee.registrationNumber);
        return next;
      });
    }
  };

  const stateText = (attendee: GateAttendee): string => {
    switch (attendeeState(attendee)) {
      case 'in': {
        const time = formats.time(attendee.checkInTime);
        const text = attendee.gate ? t('gate.inAtBy', { time, gate: attendee.gate }) : t('gate.inAt', { time });
        return attendee.outcome?.offline ? `${text}. ${t('gate.offlineAdmitted')}` : text;
      }
      case 'already':
        return gateMessage(t, attendee.outcome?.message ?? '');
      case 'refunded':
        return t('refusal.refunded');
      case 'cancelled':
        return t('refusal.cancelled');
      case 'unpaid':
        return t('refusal.unpaid');
      case 'waiting':
        return t('gate.notYetIn');
    }
  };

  return (
    <Box ref={box} style={style} aria-labelledby={headingId} data-tone="choose">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('gate.order', { reference: choice.bookingReference })}
      </h2>
      <p>{t('gate.orderHint', { count: choice.attendees.length })}</p>
      <List ref={list} aria-label={t('gate.attendees')}>
        {choice.attendees.map((attendee) => {
          const state = attendeeState(attendee);
          const name = attendee.name || t('gate.nameMissing');
          return (
            <Item key={attendee.registrationNumber} data-state={state} data-number={attendee.registrationNumber}>
              <div>
                <p className="name">{name}</p>
                <p>
                  {attendee.ticketName} · <code>{attendee.registrationNumber}</code>
                </p>
                <p className="state">{stateText(attendee)}</p>
                {attendee.outcome?.tone === 'red' && (
                  <p className="problem">
                    {t('gate.notAdmitted')}: {gateMessage(t, attendee.outcome.message)}
                  </p>
                )}
              </div>
              {state === 'waiting' && (
                <Button
                  type="button"
                  loading={busy.has(attendee.registrationNumber)}
                  disabled={busy.has(attendee.registrationNumber)}
                  aria-label={t('gate.admitName', { name: attendee.name || attendee.registrationNumber })}
                  onClick={() => void admit(attendee)}
                >
                  {t('gate.admit')}
                </Button>
              )}
            </Item>
          );
        })}
      </List>
      <p role="status" aria-live="polite" className="said">
        {said}
      </p>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid ${({ theme }) => theme.tones.blue.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;

  h2,
  p {
    margin: 0;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  h2:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  .said:empty {
    display: none;
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  .name {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
  .state {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &[data-state='in'] .state {
    color: ${({ theme }) => theme.tones.green.fg};
  }
  .problem {
    color: ${({ theme }) => theme.colors.dangerHover};
  }
`;
