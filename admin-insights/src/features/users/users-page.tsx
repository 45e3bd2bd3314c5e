import { Card, PageHeader } from '@tdk/shared-ui';

// The full screen arrives with its own issue; this proves the route is served by admin-insights.
export function UsersPage() {
  return (
    <>
      <PageHeader title="Users Management" subtitle="Participants and staff accounts" />
      <Card>
        <p>This screen is being built. The dashboard shows live platform figures in the meantime.</p>
      </Card>
    </>
  );
}
