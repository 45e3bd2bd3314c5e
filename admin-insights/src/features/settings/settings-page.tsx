import { Card, CardBody, PageHeader } from '@tdk/shared-ui';

// The full screen arrives with its own issue; this proves the route is served by admin-insights.
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Platform configuration" />
      <Card>
        <CardBody>
          <p>This screen is being built. The dashboard shows live platform figures in the meantime.</p>
        </CardBody>
      </Card>
    </>
  );
}
