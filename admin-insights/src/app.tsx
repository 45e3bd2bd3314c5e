import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage } from '@tdk/shared-ui';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { AnalyticsPage } from './features/analytics/analytics-page';
import { UsersPage } from './features/users/users-page';
import { SettingsPage } from './features/settings/settings-page';

export default function AdminInsightsApp() {
  return (
    <div data-remote="admin-insights" data-build={__BUILD_ID__}>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
