import { Suspense } from 'react';
import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage, loadLanguage } from '@tdk/shared-ui';
import type { Language } from '@tdk/api/contract';
import { useStorefrontT } from './features/i18n';
import { PublicLayout } from './features/layout/public-layout';
import { HomePage } from './features/events/home-page';
import { AllEventsPage } from './features/events/all-events-page';
import { SavedPage } from './features/saved/saved-page';
import { LegalPageScreen } from './features/legal/legal-page';
import { NewsletterConfirmPage } from './features/newsletter/confirm-page';
import { DetailSkeleton } from './features/event-detail/detail-layout';
import { preloadable } from './features/first-screen/preloadable';
import { WaitingRoomPage } from './features/waiting-room/waiting-room-page';

// The event page (tabs, tickets, the registration form, checkout) is fetched when it is visited,
// so the lists' first load carries none of it.
// The attendee's ticket (the QR code and its PDF) is fetched only by those who open one.
const attendeeTicketPage = preloadable(() =>
  import('./features/attendee-ticket/attendee-ticket-page').then((module) => module.AttendeeTicketPage),
);
const eventDetailPage = preloadable(() =>
  import('./features/event-detail/event-detail-page').then((module) => module.EventDetailPage),
);
// My bookings (decision 023): fetched by the buyers who open it.
const bookingsPage = preloadable(() => import('./features/my-bookings/bookings-page').then((module) => module.BookingsPage));
const openLinkPage = preloadable(() => import('./features/my-bookings/open-link-page').then((module) => module.OpenLinkPage));
const AttendeeTicketPage = attendeeTicketPage.Component;
const BookingsPage = bookingsPage.Component;
const OpenLinkPage = openLinkPage.Component;
const EventDetailPage = eventDetailPage.Component;

/**
 * Part of the remote contract (decision 016): loads what the page at `pathname` renders, and its
 * messages in `language` (decision 019), so the shell's first render over a page the API drew, and
 * the API's own drawing, do not suspend.
 */
export async function prepareFirstScreen(pathname: string, language: Language = 'en'): Promise<void> {
  if (pathname.startsWith('/event/')) await eventDetailPage.preload();
  else if (pathname.startsWith('/ticket/')) await attendeeTicketPage.preload();
  else if (pathname === '/bookings/open') await openLinkPage.preload();
  else if (pathname === '/bookings') await bookingsPage.preload();
  // After the page's code: it registers the catalogues it uses (the forms' validation messages).
  await loadLanguage(language);
}

function TicketLoading() {
  const t = useStorefrontT();
  return <div role="status" aria-busy="true" aria-label={t('ticketPage.loading')} style={{ minHeight: '60vh' }} />;
}

/**
 * The storefront remote: `/`, `/events`, `/saved`, `/event/:id`, `/ticket/:registrationNumber`, My
 * bookings (`/bookings`, `/bookings/open`), the newsletter's confirmation (`/newsletter/confirm`) and the Terms, Privacy, Refund policy and Contact pages,
 * inside the public header and footer.
 */
export default function StorefrontApp() {
  return (
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="events" element={<AllEventsPage />} />
          <Route path="saved" element={<SavedPage />} />
          <Route path="terms" element={<LegalPageScreen page="terms" />} />
          <Route path="privacy" element={<LegalPageScreen page="privacy" />} />
          <Route path="refunds" element={<LegalPageScreen page="refunds" />} />
          <Route path="contact" element={<LegalPageScreen page="contact" />} />
          <Route
            path="event/:id"
            element={
              <Suspense fallback={<DetailSkeleton />}>
                <EventDetailPage />
              </Suspense>
            }
          />
          {/* A queued sale's waiting page (decision 032): small, and bundled, so a crowd loads little. */}
          <Route path="event/:id/queue" element={<WaitingRoomPage />} />
          <Route
            path="ticket/:registrationNumber"
            element={
              <Suspense fallback={<TicketLoading />}>
                <AttendeeTicketPage />
              </Suspense>
            }
          />
          <Route
            path="bookings"
            element={
              <Suspense fallback={<TicketLoading />}>
                <BookingsPage />
              </Suspense>
            }
          />
          <Route
            path="bookings/open"
            element={
              <Suspense fallback={<TicketLoading />}>
                <OpenLinkPage />
              </Suspense>
            }
          />
          <Route path="newsletter/confirm" element={<NewsletterConfirmPage />} />
          {/* An unknown page keeps the site's header and footer, so the visitor is not stranded. */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
