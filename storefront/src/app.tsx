import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@tdk/shared-ui';
import { PublicLayout } from './features/layout/public-layout';
import { HomePage } from './features/events/home-page';
import { AllEventsPage } from './features/events/all-events-page';
import { DetailSkeleton } from './features/event-detail/detail-layout';

// The event page (tabs, tickets, the registration form, checkout) is fetched when it is visited,
// so the lists' first load carries none of it.
// The attendee's ticket (the QR code and its PDF) is fetched only by those who open one.
const AttendeeTicketPage = lazy(() =>
  import('./features/attendee-ticket/attendee-ticket-page').then((module) => ({ default: module.AttendeeTicketPage })),
);
const EventDetailPage = lazy(() =>
  import('./features/event-detail/event-detail-page').then((module) => ({ default: module.EventDetailPage })),
);

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
