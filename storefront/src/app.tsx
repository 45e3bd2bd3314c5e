import { Suspense } from 'react';
import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage } from '@tdk/shared-ui';
import { PublicLayout } from './features/layout/public-layout';
import { HomePage } from './features/events/home-page';
import { AllEventsPage } from './features/events/all-events-page';
import { DetailSkeleton } from './features/event-detail/detail-layout';
import { preloadable } from './features/first-screen/preloadable';

// The event page (tabs, tickets, the registration form, checkout) is fetched when it is visited,
// so the lists' first load carries none of it.
// The attendee's ticket (the QR code and its PDF) is fetched only by those who open one.
const attendeeTicketPage = preloadable(() =>
  import('./features/attendee-ticket/attendee-ticket-page').then((module) => module.AttendeeTicketPage),
);
const eventDetailPage = preloadable(() =>
  import('./features/event-detail/event-detail-page').then((module) => module.EventDetailPage),
);
const AttendeeTicketPage = attendeeTicketPage.Component;
const EventDetailPage = eventDetailPage.Component;

/**
 * Part of the remote contract (decision 016): loads what the page at `pathname` renders, so the
 * shell's first render over a page the API drew, and the API's own drawing, do not suspend.
 */
export async function prepareFirstScreen(pathname: string): Promise<void> {
  if (pathname.startsWith('/event/')) await eventDetailPage.preload();
  else if (pathname.startsWith('/ticket/')) await attendeeTicketPage.preload();
}

/** The storefront remote: `/`, `/events`, `/event/:id` and `/ticket/:registrationNumber` inside the public header and footer. */
export default function StorefrontApp() {
  return (
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="events" element={<AllEventsPage />} />
          <Route
            path="event/:id"
            element={
              <Suspense fallback={<DetailSkeleton />}>
                <EventDetailPage />
              </Suspense>
            }
          />
          <Route
            path="ticket/:registrationNumber"
            element={
              <Suspense
                fallback={<div role="status" aria-busy="true" aria-label="Loading your ticket" style={{ minHeight: '60vh' }} />}
              >
                <AttendeeTicketPage />
              </Suspense>
            }
          />
          {/* An unknown page keeps the site's header and footer, so the visitor is not stranded. */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
