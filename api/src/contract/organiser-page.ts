// An organiser's public page (issue 41 "Public pages", decision 054): GET /api/organisers/:slug and
// the storefront's /o/:slug, and the organiser an event names (its answer and the list's items).
// No zod here: the event page names its organiser through this file on every first load; the slug's
// schema lives with the organisations' rules (organisations.ts).
import type { SportEvent } from './types';

/** Who runs an event, as the public sees it: its page is /o/{slug}. */
export interface EventOrganiser {
  slug: string;
  displayName: string;
  /**
   * One public event's answer only (GET /api/events/:id): the seller its invoices name and the data
   * fiduciary its privacy notice names (decision 055).
   */
  legalName?: string;
  /** One public event's answer only: its Email Notifications (decision 056), whether its buyers are e-mailed their confirmation and tickets. */
  emailNotifications?: boolean;
  /** One public event's answer only: its retention period, the days its privacy notice states (decision 056). */
  retentionDays?: number;
  /**
   * One public event's answer only: the organiser's part of the privacy notice's version (decision
   * 061), moved when what the notice states of it changes; the form sends it back with the consent.
   */
  noticeVersion?: number;
}

/** The organiser's page: its profile and its events as the public list shows them. */
export interface OrganiserPage {
  slug: string;
  displayName: string;
  about: string;
  /** An uploaded image (/uploads/...), or null: the page shows the name as a wordmark. */
  logoUrl: string | null;
  contactEmail: string;
  contactPhone: string;
  /** The GST state code (contract/gst.ts) it is registered in. */
  state: string;
  /**
   * Its page's accent (#RRGGBB, decision 056), or null for the platform's colours. Chosen to stand out
   * on white (contract/brand-colour.ts); the page darkens it for text to 4.5:1 (AA).
   */
  brandColour: string | null;
  /** The first page of GET /api/events?organiser={slug}: soonest first. */
  upcomingEvents: SportEvent[];
  /** The next page of that list (GET /api/events?organiser={slug}&cursor=…), null when there is no more. */
  upcomingNextCursor: string | null;
  /** Its most recent ended events, most recent first, at most ORGANISER_PAST_EVENTS. */
  pastEvents: SportEvent[];
}

export interface OrganiserResponse {
  organiser: OrganiserPage;
}

/** Upcoming events on the first screen of the page (a "Show more" reads the rest from the list). */
export const ORGANISER_UPCOMING_EVENTS = 12;
/** Past events shown: the most recent. */
export const ORGANISER_PAST_EVENTS = 12;

/** An applied, suspended or unknown organisation answers this alike (nothing says which). */
export const ORGANISER_NOT_FOUND = 'Organiser not found';

/** The organiser's page address. */
export const organiserPath = (slug: string) => `/o/${encodeURIComponent(slug)}`;

/** A page's meta description is cut here (search engines show about this much). */
export const META_DESCRIPTION_MAX = 160;

/**
 * The organiser page's meta description: its about text on one line, cut at a word before
 * META_DESCRIPTION_MAX with an ellipsis; `fallback` (the page's own words) when it has none.
 */
export function organiserDescription(about: string, fallback: string): string {
  const text = about.replace(/\s+/g, ' ').trim();
  if (!text) return fallback;
  if (text.length <= META_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, META_DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > META_DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The slug of an organiser page's path (/o/{slug}), as written; undefined for any other path. */
export function organiserSlugOfPath(pathname: string): string | undefined {
  const match = /^\/o\/([A-Za-z0-9-]{1,40})\/?$/.exec(pathname);
  return match?.[1];
}
