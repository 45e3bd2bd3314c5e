import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aStaffUser, anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import type { AdminResult, AdminResultsResponse, ResultsImportResponse, ResultVersionSummary } from '@tdk/api/contract';
import { ResultsDialog } from './results-dialog';

const FILE = 'bib,gun_time,net_time,status\n101,1:45:10,1:44:59.5,finisher\n777,1:30:00,1:29:00,finisher';
const CORRECTED = 'bib,gun_time,net_time,status\n101,1:45:10,1:44:59.5,finisher';

const counts = { finisher: 1, DNF: 0, DNS: 0, DQ: 0 };
const version = (number: number, publishedAt: string | null = null): ResultVersionSummary => ({
  id: number,
  number,
  rows: 1,
  createdByEmail: 'manager@tdk.test',
  createdAt: '2026-01-18T08:00:00.000Z',
  publishedAt,
});
const ananya: AdminResult = {
  id: 41,
  bib: 101,
  name: 'Ananya Kulkarni',
  race: 'Half Marathon',
  raceId: 3,
  category: 'F 30–39',
  gender: 'female',
  status: 'finisher',
  netTime: '1:44:59.5',
  gunTime: '1:45:10',
  pace: '4:59',
  splits: [],
  rankOverall: 1,
  rankGender: 1,
  rankCategory: 1,
  withheld: false,
  withheldReason: '',
  line: 2,
};

function renderDialog(versions: ResultVersionSummary[] = []) {
  return renderWithPlatform(<ResultsDialog event={anEvent({ id: 7, title: 'Pune Riverside Half' })} onClose={vi.fn()} />, {
    session: aStaffUser({ role: 'manager' }),
    api: {
      'GET /api/admin/events/:id/results': (): AdminResultsResponse => ({ versions, results: versions.length ? [ananya] : [] }),
      'POST /api/admin/events/:id/results/import': ({ query, body }: StubbedRequest): ResultsImportResponse =>
        query.get('dryRun') === 'true' && String(body).includes('777')
          ? { rows: 1, counts, errors: [{ line: 3, message: 'No runner of this event has bib 777' }] }
          : { rows: 1, counts, errors: [], ...(query.get('dryRun') === 'true' ? {} : { version: version(1) }) },
      'POST /api/admin/events/:id/results/publish': () => ({ version: version(1, '2026-01-18T09:00:00.000Z') }),
      'POST /api/admin/events/:id/results/:resultId/withhold': ({ body }: StubbedRequest) => ({
        result: { ...ananya, ...(body as object), rankOverall: null },
      }),
    },
  });
}

describe('results for managers', () => {
  it('checks a file and lists each bad row with its line; saves only a clean file, as text/csv', async () => {
    const { api } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: /Results: Pune Riverside Half/ });
    const save = within(dialog).getByRole('button', { name: 'Save as new version' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText('Or paste the CSV'), { target: { value: FILE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const problems = await within(dialog).findByRole('table', { name: 'Problems in the file' });
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LineProblem', '3No runner of this event has bib 777']);
    expect(save.disabled).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('Or paste the CSV'), { target: { value: CORRECTED } });
    expect(save.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    await within(dialog).findByText(/1 results read: 1 finishers/);
    fireEvent.click(save);
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/results/import')).toHaveLength(3));
    const saved = api.calls('POST /api/admin/events/:id/results/import')[2]!;
    expect(saved.query.get('dryRun')).toBeNull();
    expect(saved.headers.get('content-type')).toBe('text/csv');
    expect(saved.body).toBe(CORRECTED);
  });

  it('publishes the latest version and withholds a result with its reason', async () => {
    const { api } = renderDialog([version(1)]);
    const dialog = await screen.findByRole('dialog', { name: /Results/ });
    expect((await within(dialog).findByText(/Version 1: 1 results, saved by manager@tdk.test/)).textContent).toMatch(
      /not published$/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version 1' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/results/publish')).toHaveLength(1));
    const row = (await within(dialog).findByRole('cell', { name: 'Ananya Kulkarni' })).closest('tr')!;
    fireEvent.change(within(row).getByLabelText('Reason to withhold bib 101'), { target: { value: 'DQ under review' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Withhold' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/results/:resultId/withhold')).toHaveLength(1));
    expect(api.calls('POST /api/admin/events/:id/results/:resultId/withhold')[0]!.body).toEqual({
      withheld: true,
      reason: 'DQ under review',
    });
  });
});
