/**
 * The city of a venue (SPEC.md section 2): its last non-empty comma-separated segment, trimmed, or
 * 'Unknown'. Trailing empty segments are ignored, so 'Cubbon Park, Bangalore, ' is in Bangalore.
 * The API stores it as an event's location; the admin screens show it.
 */
export function cityOfVenue(venue: string | null | undefined): string {
  if (typeof venue !== 'string') return 'Unknown';
  const segments = venue
    .split(',')
    .map((segment) => segment.trim())
    .filter(Boolean);
  return segments.at(-1) ?? 'Unknown';
}
