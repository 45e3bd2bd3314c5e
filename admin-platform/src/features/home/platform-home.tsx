import { useState } from 'react';
import { Button } from '@tdk/shared-ui';
import { PageHeader } from '@tdk/shared-ui/admin';
import { useNavigate } from '@tdk/shared-ui/router';
import { Tabs } from '@tdk/shared-ui/tabs';
import { usePlatformRole } from '../access/platform-staff-only';
import { ReviewQueue } from '../review/review-queue';
import { OrganisationsList } from '../organisations/organisations-list';
import { PlatformStaff } from '../staff/platform-staff';
import { PlatformAccounts } from '../accounts/platform-accounts';

type View = 'organisations' | 'queue' | 'staff' | 'accounts';

/** /admin/platform: every organisation, the approval queue, the platform's own staff and any staff account. */
export function PlatformHome() {
  const [view, setView] = useState<View>('organisations');
  const navigate = useNavigate();
  const isPlatformAdmin = usePlatformRole() === 'platform_admin';
  return (
    <>
      <PageHeader
        title="Platform"
        subtitle="The organisations selling on the platform, and what waits for your review"
        actions={isPlatformAdmin && <Button onClick={() => navigate('organisations/new')}>Create organisation</Button>}
      />
      <Tabs
        label="Platform lists"
        value={view}
        onValueChange={setView}
        items={[
          { value: 'organisations', label: 'Organisations', content: <OrganisationsList /> },
          { value: 'queue', label: 'Approval queue', content: <ReviewQueue /> },
          { value: 'staff', label: 'Platform staff', content: <PlatformStaff /> },
          { value: 'accounts', label: 'Accounts', content: <PlatformAccounts /> },
        ]}
      />
    </>
  );
}
