// Chip ids by bib (issue 43, decision 068): staff pick the timing company's file (bib,chip_id), the
// server checks it (every bad row with its line, nothing saved), then they save it. Words in the
// console's language (namespace 'raceReports').
import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import type { ChipsImportResponse } from '@tdk/api/contract';
import { Button, Callout, Field, getErrorMessage, useT, useToast } from '@tdk/shared-ui';
import { useImportChips } from './queries';

export function ChipsImport({ eventId }: { eventId: number }) {
  const t = useT('raceReports');
  const { toast } = useToast();
  const importer = useImportChips(eventId);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ text: string; answer: ChipsImportResponse } | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const read = await file.text();
    setText(read);
    try {
      setChecked({ text: read, answer: await importer.mutateAsync({ text: read, dryRun: true }) });
    } catch (error) {
      toast({ title: t('chips.error'), description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const save = async () => {
    try {
      const answer = await importer.mutateAsync({ text, dryRun: false });
      toast({ title: t('chips.saved', { count: answer.counts.assigned }), variant: 'success' });
      setText('');
      setChecked(null);
    } catch (error) {
      toast({ title: t('chips.error'), description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const answer = checked?.text === text ? checked.answer : null;
  return (
    <section aria-labelledby="chips-import">
      <h3 id="chips-import">{t('chips.title')}</h3>
      <p>{t('chips.about')}</p>
      <Field label={t('chips.file')}>
        <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e)} />
      </Field>
      {answer && answer.errors.length === 0 && (
        <Callout tone="info">{t('chips.ready', { count: answer.counts.assigned })}</Callout>
      )}
      {answer && answer.errors.length > 0 && (
        <>
          <Callout tone="danger">{t('chips.problems', { count: answer.errors.length })}</Callout>
          <Problems aria-label={t('chips.problemsList')}>
            {answer.errors.map((e, i) => (
              <li key={i}>
                {t('chips.line', { line: e.line })}: {e.message}
              </li>
            ))}
          </Problems>
        </>
      )}
      <Button onClick={() => void save()} disabled={!answer || answer.errors.length > 0} loading={importer.isPending}>
        {t('chips.save')}
      </Button>
    </section>
  );
}

const Problems = styled.ul`
  margin: 0.5rem 0;
  padding-left: 1.25rem;
`;
