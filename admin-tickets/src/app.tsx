import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage } from '@tdk/shared-ui';
import { TicketsManagementPage } from './features/tickets/tickets-management-page';

export default function AdminTicketsApp() {
  return (
    <div data-remote="admin-tickets" data-build={__BUILD_ID__}>
      <Routes>
        <Route index element={<TicketsManagementPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
