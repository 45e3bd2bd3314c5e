import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@tdk/shared-ui';
import { RegistrationManagementPage } from './features/registrations/registration-management-page';

export default function AdminRegistrationsApp() {
  return (
    <div data-remote="admin-registrations" data-build={__BUILD_ID__}>
      <Routes>
        <Route index element={<RegistrationManagementPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
