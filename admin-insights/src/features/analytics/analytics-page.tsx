import { Card, CardBody, PageHeader } from '@tdk/shared-ui';

// The full screen arrives with its own issue; this proves the route is served by admin-insights.
export function AnalyticsPage() {
  return (
    <>
      <PageHeader title="Analytics" subtitle="Platform performance across events, cities and categories" />
      <Card>
        <CardBody>
          <p>This screen is being built. The dashboard shows live platform figures in the meantime.</p>
        </CardBody>
      </Card>
    </>
  );
}
