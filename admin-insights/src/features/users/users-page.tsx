import { useState } from 'react';
import styled from 'styled-components';
import { Button, PageHeader } from '@tdk/shared-ui';
import { ParticipantsView } from './participants-view';
import { StaffView } from './staff-view';
import { AuditLogView } from './audit-log-view';

type View = 'participants' | 'staff' | 'audit';

const VIEW_LABELS: Record<View, string> = { participants: 'Participants', staff: 'Staff', audit: 'Audit log' };

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
      <Tabs role="tablist" aria-label="User lists">
        {(Object.keys(VIEW_LABELS) as View[]).map((name) => (
          <Tab key={name} role="tab" type="button" aria-selected={view === name} aria-controls={`users-${name}`} id={`users-tab-${name}`} onClick={() => setView(name)}>
            {VIEW_LABELS[name]}
          </Tab>
        ))}
      </Tabs>
      <section role="tabpanel" id={`users-${view}`} aria-labelledby={`users-tab-${view}`}>
        {view === 'participants' && <ParticipantsView />}
        {view === 'staff' && <StaffView adding={adding} onAddingChange={setAdding} />}
        {view === 'audit' && <AuditLogView />}
      </section>
    </>
  );
}

const Tabs = styled.div`
  display: flex;
  gap: 4px;
  margin-bottom: 20px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  appearance: none;
  background: none;
  border: 0;
  border-bottom: 3px solid transparent;
  padding: 10px 16px;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primaryText};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;
