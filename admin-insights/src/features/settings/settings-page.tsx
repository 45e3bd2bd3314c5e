// /admin/settings (admin): the organisation's own profile and tax identity (decision 055,
// PUT /api/admin/organisation), then the platform's seven sections, each its own form on the contract's schema and its own
// Save (PUT /api/admin/settings with that section's fields). A save shows a toast either way and
// keeps the form as typed when it fails; the platform config (name, colours, limits) follows at
// once for every remote through the query cache.
import styled from 'styled-components';
import type { PlatformSettings } from '@tdk/api/contract';
import { Skeleton } from '@tdk/shared-ui';
import { PageHeader, RequireRole } from '@tdk/shared-ui/admin';
import { BrandingSection } from './branding-section';
import { GeneralSection } from './general-section';
import { LegalSection } from './legal-section';
import { PrivacySection } from './privacy-section';
import { OrganisationSection } from './organisation-section';
import { PlatformSection } from './platform-section';
import { useSettings } from './queries';
import { NotificationsSection, SecuritySection } from './toggle-sections';

export function SettingsPage() {
  return (
    <RequireRole minRole="admin">
      <Settings />
    </RequireRole>
  );
}

function Settings() {
  const { data, error } = useSettings();
  return (
    <>
      <PageHeader title="Settings" subtitle="Platform configuration" />
      {error && !data && <p role="alert">Failed to load settings.</p>}
      {!data ? !error && <Skeleton height="24rem" /> : <Sections settings={data.settings} />}
    </>
  );
}

function Sections({ settings }: { settings: PlatformSettings }) {
  return (
    <Grid>
      {/* The acting organisation's own profile and tax identity (decision 055): its admins'. */}
      <OrganisationSection />
      <GeneralSection settings={settings} />
      <BrandingSection settings={settings} />
      <SecuritySection settings={settings} />
      <NotificationsSection settings={settings} />
      <PlatformSection settings={settings} />
      <LegalSection settings={settings} />
      <PrivacySection settings={settings} />
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
`;
