import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@tdk/shared-ui';
import { PublicLayout } from './features/layout/public-layout';
import { HomePage } from './features/events/home-page';
import { AllEventsPage } from './features/events/all-events-page';
import { EventDetailPage } from './features/event-detail/event-detail-page';

/** The storefront remote: `/`, `/events` and `/event/:id` inside the public header and footer. */
export default function StorefrontApp() {
  return (
    <div data-remote="storefront" data-build={__BUILD_ID__}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="events" element={<AllEventsPage />} />
          <Route path="event/:id" element={<EventDetailPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
