// The dashboard and Analytics figures (issue 12): every one computed from the database. Months are
// Asia/Kolkata calendar months; money is rupees; a change is against the previous period of the
// same length (none for 'all').
import { z } from 'zod';
import type { SportEvent } from './types';

export const ANALYTICS_PERIODS = ['30d', '90d', '12m', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  all: 'All time',
};
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30d';

/** GET /api/admin/insights/analytics?period= */
export const analyticsQuerySchema = z.object({
  period: z
    .enum(ANALYTICS_PERIODS, { error: `Period must be one of ${ANALYTICS_PERIODS.join(', ')}` })
    .default(DEFAULT_ANALYTICS_PERIOD),
});

/** SPEC.md section 9: a city's bar is its events out of 250, unless a city has more. */
export const CITY_BAR_EVENTS = 250;
/** The dashboard's Active Users: participants with a Confirmed or Checked-In registration this recently. */
export const ACTIVE_USER_DAYS = 90;

export interface Kpi {
  value: number;
  /** The previous period of the same length; null for 'all'. */
  previous: number | null;
  /** Percent change from `previous`, one decimal; null when there is no previous figure or it was 0. */
  changePercent: number | null;
}

export interface AnalyticsReport {
  period: AnalyticsPeriod;
  /** UTC ISO bounds of the period: [from, to); from is null for 'all'. */
  from: string | null;
  to: string;
  kpis: { revenue: Kpi; bookings: Kpi; userGrowth: Kpi; activeCities: Kpi };
  /** Top events by revenue in the period (Paid only). */
  topEvents: { id: number; title: string; location: string; category: string; bookings: number; revenue: number }[];
  /** Every city with events, most events first; `scaleMax` is what a full bar means. */
  cityPerformance: { city: string; events: number; registrations: number; revenue: number }[];
  cityScaleMax: number;
  /** The last 12 Asia/Kolkata months, oldest first, the current month last. */
  monthly: { month: string; label: string; revenue: number; bookings: number }[];
  /** Every category with registrations in the period; percents of those registrations, one decimal. */
  categories: { category: string; registrations: number; percent: number }[];
  quickStats: {
    /** Paid revenue per paid ticket; 0 when none. */
    averageTicketPrice: number;
    /** Orders paid out of orders created in the period, percent; null when none were created. */
    conversionRate: number | null;
    /** Checked-In out of Confirmed, Checked-In and No-Show registrations of events already held; null when none. */
    checkInRate: number | null;
    /** Late payments that found no seat: count and rupees owed back. */
    /** Refunds asked for and not yet settled, now (decision 022); rupees. */
    refundsOwed: { count: number; amount: number };
    /** Refunds the provider completed in the period; rupees. */
    refunded: { count: number; amount: number };
  };
  /** Platform commission (Settings) applied to the period's revenue. */
  commission: { percent: number; platformRevenue: number; organiserShare: number };
}

export interface DashboardSummary {
  totalEvents: number;
  activeEvents: number;
  /** Distinct participants (by e-mail) with a Confirmed or Checked-In registration in the last ACTIVE_USER_DAYS days. */
  activeUsers: number;
  totalRegistrations: number;
  /** Rupees, Paid registrations only; left out for a role that does not see revenue (decision 047). */
  totalRevenue?: number;
  cities: number;
  recentEvents: Pick<SportEvent, 'id' | 'title' | 'date' | 'location' | 'status' | 'category'>[];
  topCities: { city: string; events: number; registrations: number }[];
}
