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

/**
 * A link that opens the venue on a map (Google Maps' search URL, which also opens the app on a
 * phone); none for an online event or a venue with no words.
 */
export function venueMapUrl(venue: string | null | undefined, city?: string): string | null {
  const place = typeof venue === 'string' ? venue.trim() : '';
  if (!place || place.toLowerCase() === 'online' || city === 'Online') return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
