// An event's results for managers (issue 43, decision 063): a timing company's CSV, picked as a file
// or pasted, checked first (every bad row with its line), then saved as a new version; the latest
// version published; one result withheld (a DQ under review) or released.
import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import type { AdminResult, ResultsImportResponse, SportEvent } from '@tdk/api/contract';
import {
  Button,
  Callout,
  Dialog,
  Field,
  Input,
  Textarea,
  formatDateTime,
  formatNumber,
  getErrorMessage,
  useToast,
} from '@tdk/shared-ui';
import { useEventResults, useImportResults, usePublishResults, useWithholdResult } from './queries';

const COLUMNS_HINT =
  'Columns: bib,gun_time,net_time,status then split_1, split_2…; times H:MM:SS (tenths allowed); status finisher, DNF, DNS or DQ';

export function ResultsDialog({ event, onClose }: { event: SportEvent | null; onClose: () => void }) {
  const { toast } = useToast();
  const eventId = event?.id ?? 0;
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ text: string; answer: ResultsImportResponse } | null>(null);
  const [search, setSearch] = useState('');
  const results = useEventResults(event ? event.id : null, search.trim());
  const importer = useImportResults(eventId);
  const publish = usePublishResults(eventId);

  const close = () => {
    setText('');
    setChecked(null);
    setSearch('');
    onClose();
  };
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setText(await file.text());
  };
  const check = async () => {
    try {
      setChecked({ text, answer: await importer.mutateAsync({ text, dryRun: true }) });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const save = async () => {
    try {
      const answer = await importer.mutateAsync({ text, dryRun: false });
      toast({
        title: 'Saved',
        description: `Version ${answer.version?.number} saved: ${formatNumber(answer.rows)} results`,
        variant: 'success',
      });
      setText('');
      setChecked(null);
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const publishLatest = async () => {
    try {
      const { version } = await publish.mutateAsync();
      toast({ title: 'Published', description: `Version ${version.number} is public`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  const answer = checked?.text === text ? checked.answer : null;
  const versions = results.data?.versions ?? [];
  const latest = versions[0];
  return (
    <Dialog open={event !== null} onClose={close} title={`Results: ${event?.title ?? ''}`} size="lg">
      <Section aria-label="Import">
        <h3>Import a results file</h3>
        <Field label="Results file" hint={COLUMNS_HINT}>
          <input type="file" accept=".csv,text/csv" onChange={(e) => void pick(e)} />
        </Field>
        <Field label="Or paste the CSV">
          <Textarea rows={5} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Row>
          <Button variant="outline" onClick={() => void check()} disabled={text.trim() === ''} loading={importer.isPending}>
            Check file
          </Button>
          <Button onClick={() => void save()} disabled={!answer || answer.errors.length > 0 || answer.rows === 0}>
            Save as new version
          </Button>
        </Row>
        {answer && answer.errors.length === 0 && (
          <Callout tone="info">
            {formatNumber(answer.rows)} results read: {answer.counts.finisher} finishers, {answer.counts.DNF} DNF,{' '}
            {answer.counts.DNS} DNS, {answer.counts.DQ} DQ. Nothing is saved until you save it.
          </Callout>
        )}
        {answer && answer.errors.length > 0 && (
          <>
            <Callout tone="danger">
              {answer.errors.length === 1 ? '1 problem' : `${formatNumber(answer.errors.length)} problems`} in the file: correct
              them and check again. Nothing was saved.
            </Callout>
            <Table aria-label="Problems in the file">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {answer.errors.map((e, i) => (
                  <tr key={i}>
                    <td>{e.line}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Section>
      <Section aria-label="Versions">
        <h3>Versions</h3>
        {versions.length === 0 ? (
          <p>No results imported yet.</p>
        ) : (
          <>
            <ul>
              {versions.map((v) => (
                <li key={v.id}>
                  Version {v.number}: {formatNumber(v.rows)} results, saved by {v.createdByEmail} on {formatDateTime(v.createdAt)}
                  {v.publishedAt ? `, published ${formatDateTime(v.publishedAt)}` : ', not published'}
                </li>
              ))}
            </ul>
            {latest && !latest.publishedAt && (
              <Button onClick={() => void publishLatest()} loading={publish.isPending}>
                Publish version {latest.number}
              </Button>
            )}
          </>
        )}
      </Section>
      {latest && (
        <Section aria-label="Latest results">
          <h3>Version {latest.number}&apos;s results</h3>
          <Field label="Find a runner by bib or name">
            <Input value={search} onChange={(e) => setSearch(e.target.value)} />
          </Field>
          <Table aria-label="Results">
            <thead>
              <tr>
                <th scope="col">Bib</th>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Net time</th>
                <th scope="col">Rank</th>
                <th scope="col">Withheld</th>
              </tr>
            </thead>
            <tbody>
              {(results.data?.results ?? []).map((r) => (
                <ResultRow key={r.id} eventId={eventId} result={r} />
              ))}
            </tbody>
          </Table>
        </Section>
      )}
    </Dialog>
  );
}

function ResultRow({ eventId, result }: { eventId: number; result: AdminResult }) {
  const { toast } = useToast();
  const withhold = useWithholdResult(eventId);
  const [reason, setReason] = useState('');
  const send = async (withheld: boolean) => {
    try {
      await withhold.mutateAsync({ resultId: result.id, input: { withheld, reason: withheld ? reason : '' } });
      setReason('');
    } catch (error) {
      toast({ title: 'Error', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <tr>
      <td>{result.bib}</td>
      <td>{result.name}</td>
      <td>{result.category}</td>
      <td>{result.netTime ?? result.status}</td>
      <td>{result.rankOverall ?? '–'}</td>
      <td>
        {result.withheld ? (
          <>
            {result.withheldReason}{' '}
            <Button size="sm" variant="outline" onClick={() => void send(false)}>
              Release
            </Button>
          </>
        ) : (
          <Row>
            <Input
              aria-label={`Reason to withhold bib ${result.bib}`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button size="sm" variant="outline" onClick={() => void send(true)} disabled={reason.trim() === ''}>
              Withhold
            </Button>
          </Row>
        )}
      </td>
    </tr>
  );
}

const Section = styled.section`
  margin-bottom: 1.25rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  margin: 0.5rem 0;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th,
  td {
    text-align: left;
    padding: 0.25rem 0.5rem;
    border-bottom: 1px solid #e5e7eb;
  }
`;
