import { useState } from 'react';
import { Button } from '@tdk/shared-ui';
import { PageHeader } from '@tdk/shared-ui/admin';
import { Tabs } from '@tdk/shared-ui/tabs';
import { ParticipantsView } from './participants-view';
import { StaffView } from './staff-view';
import { AuditLogView } from './audit-log-view';
import { DataRequestsView } from './data-requests-view';

type View = 'participants' | 'staff' | 'audit' | 'data';

const VIEW_LABELS: Record<View, string> = {
  participants: 'Participants',
  staff: 'Staff',
  audit: 'Audit log',
  data: 'Data requests',
};

export function UsersPage() {
  const [view, setView] = useState<View>('participants');
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Users Management"
        subtitle="Participants who registered for events, and the staff who run the platform"
        actions={
          <Button
            onClick={() => {
              setView('staff');
              setAdding(true);
            }}
          >
            Add User
          </Button>
        }
      />
      <Tabs
        label="User lists"
        value={view}
        onValueChange={setView}
        items={[
          { value: 'participants', label: VIEW_LABELS.participants, content: <ParticipantsView /> },
          { value: 'staff', label: VIEW_LABELS.staff, content: <StaffView adding={adding} onAddingChange={setAdding} /> },
          { value: 'audit', label: VIEW_LABELS.audit, content: <AuditLogView /> },
          { value: 'data', label: VIEW_LABELS.data, content: <DataRequestsView /> },
        ]}
      />
    </>
  );
}
