import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage } from '@tdk/shared-ui';
import { EventsManagementPage } from './features/events/events-management-page';

export default function AdminEventsApp() {
  return (
    <div data-remote="admin-events" data-build={__BUILD_ID__}>
      <Routes>
        <Route index element={<EventsManagementPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
