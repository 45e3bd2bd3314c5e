import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadLanguage } from '@tdk/shared-ui';
import { aStaffUser, anEvent, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { ReportsDialog } from './reports-dialog';

const show = () => {
  const onClose = vi.fn();
  renderWithPlatform(<ReportsDialog event={anEvent({ id: 7, title: 'Pune Riverside Half' })} onClose={onClose} />, {
    session: aStaffUser({ role: 'manager' }),
    api: {},
  });
  return onClose;
};

describe('the race reports dialog (issue 44)', () => {
  it('offers a download per report, saying what each holds', async () => {
    const onClose = show();
    expect(await screen.findByText('Reports: Pune Riverside Half')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /^Download CSV: / });
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['Download CSV: T-shirt sizes', '/api/admin/events/7/reports/tshirts.csv'],
      ['Download CSV: Medical and emergency sheet', '/api/admin/events/7/reports/medical.csv'],
      ['Download CSV: Guardians of minors', '/api/admin/events/7/reports/guardians.csv'],
      ['Download CSV: Start list', '/api/admin/events/7/reports/start-list.csv'],
      ['Download CSV: Kit collection', '/api/admin/events/7/reports/kit.csv'],
      ['Download CSV: Check-ins', '/api/admin/events/7/reports/check-ins.csv'],
      ['Download CSV: Timing start list (plain CSV)', '/api/admin/events/7/reports/timing.csv?format=plain'],
      ['Download CSV: Timing start list (RACE RESULT)', '/api/admin/events/7/reports/timing.csv?format=raceresult'],
    ]);
    // Each report prints too (decision 073), in a tab of its own; the timing files are for machines only.
    const prints = screen.getAllByRole('link', { name: /^Print \(PDF\): / });
    expect(prints.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href'), l.getAttribute('target')])).toEqual([
      ['Print (PDF): T-shirt sizes', '/api/admin/events/7/reports/tshirts.pdf', '_blank'],
      ['Print (PDF): Medical and emergency sheet', '/api/admin/events/7/reports/medical.pdf', '_blank'],
      ['Print (PDF): Guardians of minors', '/api/admin/events/7/reports/guardians.pdf', '_blank'],
      ['Print (PDF): Start list', '/api/admin/events/7/reports/start-list.pdf', '_blank'],
      ['Print (PDF): Kit collection', '/api/admin/events/7/reports/kit.pdf', '_blank'],
      ['Print (PDF): Check-ins', '/api/admin/events/7/reports/check-ins.pdf', '_blank'],
    ]);
    expect(within(screen.getByRole('listitem', { name: /^Start list/ })).getByRole('link', { name: /^Print/ }).textContent).toBe(
      'Print (PDF)',
    );
    const raceResult = screen.getByRole('listitem', { name: /RACE RESULT/ });
    expect(
      within(raceResult).getByText(/Columns: Bib, Transponder1, Firstname, Lastname, Gender, DateOfBirth, Contest/),
    ).toBeTruthy();
    const medical = screen.getByRole('listitem', { name: /Medical and emergency sheet/ });
    expect(within(medical).getByText(/Columns: Bib, Ticket Number, First Name, Last Name, Ticket, Blood Group/)).toBeTruthy();
    expect(within(medical).getByText(/Personal data/)).toBeTruthy();
    const tshirts = screen.getByRole('listitem', { name: /T-shirt sizes/ });
    expect(within(tshirts).queryByText(/Personal data/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('speaks Hindi to an organiser who reads Hindi', async () => {
    document.documentElement.dataset.language = 'hi';
    try {
      await loadLanguage('hi');
      show();
      expect(await screen.findByText('रिपोर्ट: Pune Riverside Half')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'CSV डाउनलोड करें: स्टार्ट सूची' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'प्रिंट करें (PDF): स्टार्ट सूची' }).getAttribute('href')).toBe(
        '/api/admin/events/7/reports/start-list.pdf',
      );
    } finally {
      delete document.documentElement.dataset.language;
    }
  });
});

describe('importing chip ids (decision 068)', () => {
  const pickFile = (text: string) => {
    const input = screen.getByLabelText('Chips file (CSV)') as HTMLInputElement;
    const file = new File([text], 'chips.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(text) });
    fireEvent.change(input, { target: { files: [file] } });
  };
  const render = (answer: (dryRun: boolean) => unknown) =>
    renderWithPlatform(<ReportsDialog event={anEvent({ id: 7, title: 'Pune Riverside Half' })} onClose={vi.fn()} />, {
      session: aStaffUser({ role: 'manager' }),
      api: { 'POST /api/admin/events/:id/chips': ({ query }: StubbedRequest) => answer(query.get('dryRun') === 'true') },
    }).api;

  it('checks the picked file first and lists every bad line, with Save kept off', async () => {
    const api = render(() => ({
      errors: [
        { line: 3, message: 'Bib 99 is not a runner of this event' },
        { line: 4, message: 'The chip id is empty' },
      ],
      counts: { rows: 3, assigned: 0 },
      saved: false,
    }));
    pickFile('bib,chip_id\n11,A\n99,B\n12,');
    const problems = await screen.findByRole('list', { name: 'Problems in the chips file' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: Bib 99 is not a runner of this event', 'Line 4: The chip id is empty']);
    expect(api.calls('POST /api/admin/events/:id/chips')[0]!.body).toBe('bib,chip_id\n11,A\n99,B\n12,');
    expect((screen.getByRole('button', { name: 'Save chips' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves a clean file after its check', async () => {
    const api = render((dryRun) => ({ errors: [], counts: { rows: 2, assigned: 2 }, saved: !dryRun }));
    pickFile('bib,chip_id\n11,A\n12,B');
    expect(await screen.findByText('2 chips ready to save. Nothing is saved until you save them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save chips' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/chips')).toHaveLength(2));
    expect(api.calls('POST /api/admin/events/:id/chips').map((c) => c.query.get('dryRun'))).toEqual(['true', null]);
    expect(await screen.findByText('2 chips saved')).toBeTruthy();
  });
});
