import { Route, Routes } from '@tdk/shared-ui/router';
import { NotFoundPage } from '@tdk/shared-ui';
import { PlatformStaffOnly } from './features/access/platform-staff-only';
import { PlatformHome } from './features/home/platform-home';
import { OrganisationPage } from './features/organisations/organisation-page';
import { CreateOrganisationPage } from './features/organisations/create-organisation-page';

/** The platform staff's section (decision 052), under /admin/platform: organisations and the review queue. */
export default function AdminPlatformApp() {
  return (
    <div data-remote="admin-platform" data-build={__BUILD_ID__}>
      <PlatformStaffOnly>
        <Routes>
          <Route index element={<PlatformHome />} />
          <Route path="organisations/new" element={<CreateOrganisationPage />} />
          <Route path="organisations/:id" element={<OrganisationPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </PlatformStaffOnly>
    </div>
  );
}
