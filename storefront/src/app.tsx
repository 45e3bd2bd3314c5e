import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@tdk/shared-ui';
import { PublicLayout } from './features/layout/public-layout';
import { HomePage } from './features/events/home-page';
import { AllEventsPage } from './features/events/all-events-page';
import { DetailSkeleton } from './features/event-detail/detail-layout';

// The event page (tabs, tickets, the registration form, checkout) is fetched when it is visited,
// so the lists' first load carries none of it.
const EventDetailPage = lazy(() =>
  import('./features/event-detail/event-detail-page').then((module) => ({ default: module.EventDetailPage })),
);

/** The storefront remote: `/`, `/events` and `/event/:id` inside the public header and footer. */
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
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
