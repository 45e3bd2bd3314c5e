import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsReport } from '@tdk/api/contract';
import { aStaffUser, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { AnalyticsPage } from './analytics-page';

const months = Array.from({ length: 12 }, (_, i) => {
  const month = `2025-${String(i + 1).padStart(2, '0')}`;
  return {
    month,
    label: new Date(`${month}-01`).toLocaleString('en-IN', { month: 'short', year: 'numeric' }),
    revenue: 0,
    bookings: 0,
  };
});
months[11] = { month: '2025-12', label: 'Dec 2025', revenue: 1800, bookings: 4 };

const report = (period: AnalyticsReport['period'], revenue: number): AnalyticsReport => ({
  period,
  from: '2025-11-10T06:30:00.000Z',
  to: '2025-12-10T06:30:00.000Z',
  kpis: {
    revenue: { value: revenue, previous: 400, changePercent: 350 },
    bookings: { value: 4, previous: 5, changePercent: -20 },
    userGrowth: { value: 3, previous: 0, changePercent: null },
    activeCities: { value: 2, previous: 2, changePercent: 0 },
  },
  topEvents: [{ id: 1, title: 'Mumbai Cricket Cup', location: 'Mumbai', category: 'Cricket', bookings: 3, revenue: 1500 }],
  cityPerformance: [{ city: 'Mumbai', events: 25, registrations: 3, revenue: 1500 }],
  cityScaleMax: 250,
  monthly: months,
  categories: [
    { category: 'Cricket', registrations: 3, percent: 75 },
    { category: 'Football', registrations: 1, percent: 25 },
  ],
  quickStats: {
    averageTicketPrice: 450,
    conversionRate: 33.3,
    checkInRate: 50,
    refundsOwed: { count: 1, amount: 250 },
    refunded: { count: 2, amount: 1200 },
  },
  commission: { percent: 5, platformRevenue: 90, organiserShare: 1710 },
});

const manager = aStaffUser({ role: 'manager' });

describe('AnalyticsPage', () => {
  it('shows the KPIs with their change, the tables and the chart figures for screen readers', async () => {
    renderWithPlatform(<AnalyticsPage />, {
      session: manager,
      api: { 'GET /api/admin/insights/analytics': report('30d', 1800) },
    });
    expect(await screen.findByText('Up 350% on the previous 30 days')).toBeTruthy();
    expect(screen.getByText('Down 20% on the previous 30 days')).toBeTruthy();
    expect(screen.getByText('New since the previous 30 days (none then)')).toBeTruthy();
    expect(screen.getByText('Mumbai Cricket Cup')).toBeTruthy();
    // A city's count says what it counts; the bar's scale is in the section's description, not '25 of 250'.
    expect(screen.getByText(/^25 events · 3 registrations/)).toBeTruthy();
    expect(screen.queryByText(/of 250/)).toBeNull();
    expect(screen.getByText(/a full bar is 250 events/)).toBeTruthy();
    expect(screen.getByText('75% · 3 registrations')).toBeTruthy();
    // One is singular.
    expect(screen.getByText('25% · 1 registration')).toBeTruthy();
    expect(screen.getByText("Organisers' share").nextElementSibling?.textContent).toBe('₹1,710');
    // From refund rows (decision 022): owed now, and given back in the period.
    expect(screen.getByText('Refunds owed').nextElementSibling?.textContent).toBe('1 · ₹250');
    expect(screen.getByText('Refunded').nextElementSibling?.textContent).toBe('2 · ₹1,200');
    const table = screen.getByRole('table', { name: 'Monthly revenue and bookings, last 12 months' });
    expect(within(table).getByRole('row', { name: 'Dec 2025 ₹1,800 4' })).toBeTruthy();
    // The lazily loaded chart: one focusable mark per month, its figures as its name.
    expect(await screen.findByRole('img', { name: 'Dec 2025: ₹1,800 revenue, 4 bookings' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Download CSV/ })).toHaveLength(5);
  });

  it('keeps the period in the URL and asks the API for it', async () => {
    const api = stubApi({
      'GET /api/admin/insights/analytics': ({ query }: StubbedRequest) => {
        const period = (query.get('period') ?? '30d') as AnalyticsReport['period'];
        return report(period, period === '90d' ? 9000 : 1800);
      },
    });
    renderWithPlatform(<AnalyticsPage />, { session: manager, api, route: '/admin/analytics?period=90d' });
    expect(await screen.findByText('₹9,000')).toBeTruthy();
    const picker = screen.getByLabelText('Period') as HTMLSelectElement;
    expect(picker.value).toBe('90d');
    fireEvent.change(picker, { target: { value: '30d' } });
    expect(await screen.findByText('₹1,800', { selector: 'dd' })).toBeTruthy();
    await waitFor(() => expect(api.requests.at(-1)!.query.get('period')).toBe('30d'));
  });

  it('is refused below manager', async () => {
    renderWithPlatform(<AnalyticsPage />, { session: aStaffUser({ role: 'coordinator' }) });
    expect(await screen.findByText('Access Denied')).toBeTruthy();
  });
});
