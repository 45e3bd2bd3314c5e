import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { AssignedWave, Registration } from '@tdk/api/contract';
import { Button, getErrorMessage, Select, useToast } from '@tdk/shared-ui';
import { useRaceWaves, useSetWave } from './queries';
import { Row, Section } from './detail-section';

const DERIVED = '';

/**
 * An attendee's start wave (decision 068): the wave they are in and why (their expected finish, or
 * staff's hand), and for staff who may change it, a choice of the race's waves or "from the expected
 * finish" (clears the hand assignment). Shown only when the race has waves.
 */
export function WaveSection({ registration, canChange }: { registration: Registration; canChange: boolean }) {
  const waves = useRaceWaves(registration.ticketId);
  const setWave = useSetWave();
  const { toast } = useToast();
  const [wave, setShown] = useState<AssignedWave | null>(registration.wave ?? null);
  const [chosen, setChosen] = useState(registration.waveOverride ?? DERIVED);
  useEffect(() => {
    setShown(registration.wave ?? null);
    setChosen(registration.waveOverride ?? DERIVED);
  }, [registration]);

  if (!waves.data || waves.data.length === 0) return null;
  const current = wave?.byHand ? wave.name : DERIVED;
  const save = async () => {
    try {
      const answer = await setWave.mutateAsync({ id: registration.id, wave: chosen === DERIVED ? null : chosen });
      setShown(answer.registration.wave ?? null);
      toast({ title: 'Start wave saved', description: answer.registration.wave?.name ?? '', variant: 'success' });
    } catch (error) {
      toast({ title: 'Start wave not saved', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Section title="Start wave">
      <Row label="Wave">
        {wave ? `${wave.name} · starts ${wave.start} (${wave.byHand ? 'set by hand' : 'from the expected finish'})` : '–'}
      </Row>
      {canChange && (
        <Change>
          <label htmlFor={`wave-${registration.id}`}>Put in wave</label>
          <Select id={`wave-${registration.id}`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value={DERIVED}>From the expected finish</option>
            {waves.data.map((w) => (
              <option key={w.name} value={w.name}>
                {w.name} ({w.start})
              </option>
            ))}
          </Select>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void save()}
            loading={setWave.isPending}
            disabled={chosen === current}
          >
            Save wave
          </Button>
        </Change>
      )}
    </Section>
  );
}

const Change = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
