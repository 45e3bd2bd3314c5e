// An audit entry's detail as lines a person reads: each changed field with its before and after
// (`changes`, as services/audit.ts changedFields writes them), then any other fact the entry kept.
// A deletion's `snapshot` (the whole record removed) is summarised, not dumped.

export interface DetailLine {
  field: string;
  /** The value before, or the fact itself when `to` is absent. */
  from: string;
  to?: string;
}

const MAX_VALUE = 120;

/** 'maxParticipants' → 'Max participants'. */
export const fieldLabel = (key: string): string => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value as a short line: '(empty)', 'Yes'/'No', a list joined, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value).slice(0, MAX_VALUE);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.length === 0 ? '(none)' : value.join(', ').slice(0, MAX_VALUE);
  }
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

export function describeDetail(detail: Record<string, unknown> | null): DetailLine[] {
  if (!detail) return [];
  const lines: DetailLine[] = [];
  const { changes, snapshot, ...facts } = detail;
  if (changes && typeof changes === 'object') {
    for (const [field, change] of Object.entries(changes as Record<string, unknown>)) {
      if (isChange(change)) lines.push({ field: fieldLabel(field), from: valueText(change.from), to: valueText(change.to) });
    }
  }
  for (const [field, value] of Object.entries(facts)) {
    if (isChange(value)) lines.push({ field: fieldLabel(field), from: valueText(value.from), to: valueText(value.to) });
    else lines.push({ field: fieldLabel(field), from: valueText(value) });
  }
  if (snapshot && typeof snapshot === 'object') {
    const removed = snapshot as Record<string, unknown>;
    const counts = Object.entries(removed)
      .filter(([, value]) => Array.isArray(value))
      .map(([key, value]) => `${(value as unknown[]).length} ${fieldLabel(key).toLowerCase()}`);
    lines.push({ field: 'Removed', from: counts.length > 0 ? `the record, with ${counts.join(' and ')}` : 'the record' });
  }
  return lines;
}
