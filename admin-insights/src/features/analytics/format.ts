import type { Kpi } from '@tdk/api/contract';

/** '12.5%' with en-IN grouping; '–' when there is no figure. */
export const formatPercent = (value: number | null) =>
  value === null ? '–' : `${value.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;

/** How a KPI moved, in words a screen reader reads as well as it looks: 'Up 12.5% on the previous 30 days'. */
export function describeChange(
  kpi: Kpi,
  previousLabel: string | null,
): { text: string; direction: 'up' | 'down' | 'flat' | 'none' } {
  if (previousLabel === null || kpi.previous === null) return { text: 'All recorded data', direction: 'none' };
  if (kpi.changePercent === null) {
    return kpi.value === 0
      ? { text: `No change on the ${previousLabel}`, direction: 'flat' }
      : { text: `New since the ${previousLabel} (none then)`, direction: 'up' };
  }
  if (kpi.changePercent === 0) return { text: `No change on the ${previousLabel}`, direction: 'flat' };
  const direction = kpi.changePercent > 0 ? 'up' : 'down';
  return {
    text: `${direction === 'up' ? 'Up' : 'Down'} ${formatPercent(Math.abs(kpi.changePercent))} on the ${previousLabel}`,
    direction,
  };
}
