// /admin/settings (admin): the organisation's own profile and tax identity (decision 055) and its
// settings (decision 056: Email, Email Notifications, Data retention, Page branding), each saved
// through PUT /api/admin/organisation; then, for platform admins only, the platform's sections, each
// its own form on the contract's schema and its own Save (PUT /api/admin/settings with that
// section's fields). A save shows a toast either way and
// keeps the form as typed when it fails; the platform config (name, colours, limits) follows at
// once for every remote through the query cache. Below the organisation's sections: its API tokens
// (decision 062) and its webhooks (decision 064).
import styled from 'styled-components';
import { PageHeader, RequireRole } from '@tdk/shared-ui/admin';
import { Skeleton, useSession } from '@tdk/shared-ui';
import { BrandingSection } from './branding-section';
import { GeneralSection } from './general-section';
import { LegalSection } from './legal-section';
import { PrivacySection } from './privacy-section';
import { OrganisationSection } from './organisation-section';
import { PlatformSection } from './platform-section';
import { PlatformTaxSection } from './platform-tax-section';
import { useSettings } from './queries';
import { OrganisationSettingsSections } from './organisation-settings-sections';
import { SecuritySection } from './toggle-sections';
import { ApiTokensSection } from './api-tokens-section';
import { WebhooksSection } from './webhooks/webhooks-section';

export function SettingsPage() {
  return (
    <RequireRole minRole="admin">
      <Settings />
    </RequireRole>
  );
}

function Settings() {
  const { user, platformRole } = useSession();
  const platformAdmin = (platformRole ?? user?.platformRole) === 'platform_admin';
  return (
    <>
      <PageHeader title="Settings" subtitle={platformAdmin ? 'Your organisation and the platform' : 'Your organisation'} />
      <Grid>
        {/* The acting organisation's own profile, tax identity (decision 055) and settings (056): its admins'. */}
        <OrganisationSection />
        <OrganisationSettingsSections />
      </Grid>
      {/* The organisation's API tokens for /api/v1 (decision 062): its admins'. */}
      <Wide>
        <ApiTokensSection />
      </Wide>
      {/* Its webhook endpoints and their delivery logs (decision 064): its admins'. */}
      <Wide>
        <WebhooksSection />
      </Wide>
      {platformAdmin && <PlatformSettings />}
    </>
  );
}

/** The platform's own sections (its name and colours, security, limits, public pages, the notice): platform admins only. */
function PlatformSettings() {
  const { data, error } = useSettings();
  if (error && !data) return <p role="alert">Failed to load settings.</p>;
  if (!data) return <Skeleton height="24rem" />;
  const { settings } = data;
  return (
    <>
      <PlatformHeading>Platform</PlatformHeading>
      <Grid>
        <GeneralSection settings={settings} />
        <BrandingSection settings={settings} />
        <SecuritySection settings={settings} />
        <PlatformSection settings={settings} />
        <PlatformTaxSection settings={settings} />
        <LegalSection settings={settings} />
        <PrivacySection settings={settings} />
      </Grid>
    </>
  );
}

const PlatformHeading = styled.h2`
  margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
`;
