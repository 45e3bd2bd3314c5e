import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage } from '@tdk/shared-ui';
import { RequireRole } from '@tdk/shared-ui/admin';
import { CheckInPage } from './features/check-in/check-in-page';
import { InvoicesPage } from './features/invoices/invoices-page';
import { RegistrationManagementPage } from './features/registrations/registration-management-page';

export default function AdminRegistrationsApp() {
  return (
    <div data-remote="admin-registrations" data-build={__BUILD_ID__}>
      <Routes>
        <Route index element={<RegistrationManagementPage />} />
        <Route
          path="check-in"
          element={
            <RequireRole minRole="coordinator">
              <CheckInPage />
            </RequireRole>
          }
        />
        <Route path="invoices" element={<InvoicesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
