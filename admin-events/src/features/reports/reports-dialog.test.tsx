import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { loadLanguage } from '@tdk/shared-ui';
import { aStaffUser, anEvent, renderWithPlatform } from '@tdk/shared-ui/testing';
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
    ]);
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
    } finally {
      delete document.documentElement.dataset.language;
    }
  });
});
