import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SETTINGS_DEFAULTS, type PlatformSettings } from '@tdk/api/contract';
import { ORGANISATION_MESSAGES, type OrganisationProfileView } from '@tdk/api/contract/organisations';
import { aStaffUser, errorResponse, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { SettingsPage } from './settings-page';
import en from '@tdk/api/contract/i18n/en.json';

/** A contract message key in the English catalogue's words. */
const english = (key: string) => (en as Record<string, string>)[key] ?? key;

// The platform's sections are its admins' (decision 056); an organisation's admin sees its own.
const admin = aStaffUser({ role: 'admin', platformRole: 'platform_admin' });
const organisationAdmin = aStaffUser({ role: 'admin' });
const ORGANISATION: OrganisationProfileView = {
  id: 1,
  slug: 'khel-events',
  displayName: 'Khel Events',
  legalName: 'Khel Events LLP',
  state: '27',
  address: '12 Senapati Bapat Road, Pune 411016',
  pan: 'AAPFU0939F',
  gstin: '',
  contactEmail: 'desk@khel.in',
  contactPhone: '9822012345',
  about: '',
  status: 'approved',
  emailSenderName: '',
  emailReplyTo: '',
  brandColour: '',
  emailNotifications: true,
  userRegistrationAlerts: true,
  newEventAlerts: true,
  weeklyReports: false,
  retentionDays: 180,
};

function renderSettings(put: (request: StubbedRequest) => unknown, session = admin) {
  let settings: PlatformSettings = { ...SETTINGS_DEFAULTS };
  let organisation: OrganisationProfileView = { ...ORGANISATION };
  const api = stubApi({
    'GET /api/admin/settings': () => ({ settings }),
    'GET /api/admin/organisation': () => ({ organisation }),
    'GET /api/admin/api-tokens': { tokens: [] },
    'GET /api/admin/webhooks': { endpoints: [] },
    'PUT /api/admin/organisation': (request: StubbedRequest) => {
      organisation = { ...organisation, ...(request.body as Partial<OrganisationProfileView>) };
      return { organisation };
    },
    'PUT /api/admin/settings': (request: StubbedRequest) => {
      const answer = put(request);
      if (answer instanceof Response) return answer;
      settings = { ...settings, ...(request.body as Partial<PlatformSettings>) };
      return { settings };
    },
  });
  renderWithPlatform(<SettingsPage />, { api, session });
  return api;
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('SettingsPage', () => {
  it('saves one section with only its fields and says so', async () => {
    const api = renderSettings(() => undefined);
    const general = await section('General');
    const name = general.getByLabelText(/Platform name/) as HTMLInputElement;
    expect(name.value).toBe('TDK Sports');
    fireEvent.change(name, { target: { value: 'Khel India' } });
    fireEvent.click(general.getByRole('button', { name: 'Save General' }));
    expect(await screen.findByText('General settings have been updated.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        platformName: 'Khel India',
        description: SETTINGS_DEFAULTS.description,
        contactEmail: SETTINGS_DEFAULTS.contactEmail,
        supportPhone: SETTINGS_DEFAULTS.supportPhone,
      },
    ]);
  });

  it('keeps what was typed when the save fails, with the server message on the field and a toast', async () => {
    renderSettings(() =>
      errorResponse(400, 'validation_error', 'Invalid settings', { contactEmail: 'Enter a valid contact email' }),
    );
    const general = await section('General');
    const email = general.getByLabelText(/Contact email/) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'desk@khel.in' } });
    fireEvent.click(general.getByRole('button', { name: 'Save General' }));
    expect(await screen.findByText('Failed to save General settings: Invalid settings')).toBeTruthy();
    expect(await general.findByText('Enter a valid contact email')).toBeTruthy();
    expect(email.value).toBe('desk@khel.in');
  });

  it('refuses a colour unreadable on white before sending', async () => {
    const api = renderSettings(() => undefined);
    const branding = await section('Branding');
    fireEvent.change(branding.getByLabelText(/^Primary colour/, { selector: 'input:not([type=color])' }), {
      target: { value: '#FFD700' },
    });
    fireEvent.click(branding.getByRole('button', { name: 'Save Branding' }));
    expect(await branding.findByText('Primary colour is too light to read on white (1.4:1; at least 2.5:1)')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('saves the policy pages’ texts alone, as plain text with paragraphs', async () => {
    const api = renderSettings(() => undefined);
    const legal = await section('Policies and contact');
    fireEvent.change(legal.getByLabelText(/^Refund and cancellation policy/), {
      target: { value: 'Refunds go back to the card.\r\n\r\nWrite to {contactEmail}.  ' },
    });
    fireEvent.click(legal.getByRole('button', { name: 'Save Policies and contact' }));
    expect(await screen.findByText('Policies and contact settings have been updated.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        termsText: '',
        privacyText: '',
        refundPolicyText: 'Refunds go back to the card.\n\nWrite to {contactEmail}.',
        contactText: '',
      },
    ]);
    expect(legal.getByRole('link', { name: 'View /refunds (opens in a new tab)' }).getAttribute('href')).toBe('/refunds');
  });

  it('refuses HTML in a policy text before sending', async () => {
    const api = renderSettings(() => undefined);
    const legal = await section('Policies and contact');
    fireEvent.change(legal.getByLabelText(/^Terms and conditions/), { target: { value: '<p>Our terms</p>' } });
    fireEvent.click(legal.getByRole('button', { name: 'Save Policies and contact' }));
    expect(await legal.findByText('Terms and conditions must be plain text, without HTML tags')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("turns one of the organisation's notifications off, saving that section alone through its organisation (decision 056)", async () => {
    const api = renderSettings(() => undefined, organisationAdmin);
    const notifications = await section('Email Notifications');
    fireEvent.click(notifications.getByRole('switch', { name: 'Email Notifications' }));
    fireEvent.click(notifications.getByRole('button', { name: 'Save Email Notifications' }));
    expect(await screen.findByText('Email Notifications settings have been updated.')).toBeTruthy();
    expect(api.calls('PUT /api/admin/organisation').map((r) => r.body)).toEqual([
      { emailNotifications: false, userRegistrationAlerts: true, newEventAlerts: true, weeklyReports: false },
    ]);
    expect(api.calls('PUT /api/admin/settings')).toEqual([]);
  });

  it("shows an organisation's admin its own sections and not the platform's", async () => {
    const api = renderSettings(() => undefined, organisationAdmin);
    expect(await section('Email')).toBeTruthy();
    expect(await section('Data retention')).toBeTruthy();
    expect(await section('Page branding')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'General' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
    expect(api.calls('GET /api/admin/settings')).toEqual([]);
  });

  it("saves the organisation's sender name and reply-to, and shows the server's message on a field", async () => {
    const api = renderSettings(() => undefined, organisationAdmin);
    const email = await section('Email');
    fireEvent.change(email.getByLabelText(/^Sender name/), { target: { value: 'Khel Tickets' } });
    fireEvent.change(email.getByLabelText(/^Reply-to/), { target: { value: 'tickets@khel.in' } });
    fireEvent.click(email.getByRole('button', { name: 'Save Email' }));
    expect(await screen.findByText('Email settings have been updated.')).toBeTruthy();
    expect(api.calls('PUT /api/admin/organisation').map((r) => r.body)).toEqual([
      { emailSenderName: 'Khel Tickets', emailReplyTo: 'tickets@khel.in' },
    ]);
  });

  it('refuses a retention period out of bounds and a brand colour unreadable on white before sending', async () => {
    const api = renderSettings(() => undefined, organisationAdmin);
    const retention = await section('Data retention');
    fireEvent.change(retention.getByLabelText(/^Retention period/), { target: { value: '10' } });
    fireEvent.click(retention.getByRole('button', { name: 'Save Data retention' }));
    expect(await retention.findByText('Retention period must be at least 30 days')).toBeTruthy();
    const branding = await section('Page branding');
    fireEvent.change(branding.getByLabelText(/^Brand colour/), { target: { value: '#FFD700' } });
    fireEvent.click(branding.getByRole('button', { name: 'Save Page branding' }));
    expect(await branding.findByText('Brand colour is too light to read on white (1.4:1; at least 2.5:1)')).toBeTruthy();
    expect(api.calls('PUT /api/admin/organisation')).toEqual([]);
    fireEvent.change(branding.getByLabelText(/^Brand colour/), { target: { value: '#0f766e' } });
    fireEvent.click(branding.getByRole('button', { name: 'Save Page branding' }));
    await waitFor(() =>
      expect(api.calls('PUT /api/admin/organisation').map((r) => r.body)).toEqual([{ brandColour: '#0F766E' }]),
    );
  });

  it('Reset to Defaults puts the platform limits back and saves them', async () => {
    const api = renderSettings(() => undefined);
    const platform = await section('Platform Management');
    const capacity = platform.getByLabelText(/Max event capacity/) as HTMLInputElement;
    fireEvent.change(capacity, { target: { value: '500' } });
    fireEvent.click(platform.getByRole('button', { name: 'Reset to Defaults' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        maxEventCapacity: 10000,
        bookingWindowDays: 90,
        platformCommissionPercent: 5,
        maxConvenienceFeeRupees: 100,
      }),
    );
    expect(capacity.value).toBe('10000');
  });

  it("asks the platform's legal name and address with its GSTIN before sending, then saves its tax registration alone (decision 067)", async () => {
    const api = renderSettings(() => undefined);
    const tax = await section('Platform tax registration');
    fireEvent.change(tax.getByLabelText(/^GSTIN/), { target: { value: '29aabct1332l1za' } });
    fireEvent.click(tax.getByRole('button', { name: 'Save Platform tax registration' }));
    expect(await tax.findByText('Legal name is required with a GSTIN (the fee invoice prints it)')).toBeTruthy();
    expect(tax.getByText('Address is required with a GSTIN (the fee invoice prints it)')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.change(tax.getByLabelText(/^Legal name/), { target: { value: 'TDK Sports Technologies Pvt Ltd' } });
    fireEvent.change(tax.getByLabelText(/^Registered address/), { target: { value: 'Koramangala, Bengaluru 560034' } });
    fireEvent.click(tax.getByRole('button', { name: 'Save Platform tax registration' }));
    expect(await screen.findByText('Platform tax registration settings have been updated.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        platformGstin: '29AABCT1332L1ZA',
        platformLegalName: 'TDK Sports Technologies Pvt Ltd',
        platformAddress: 'Koramangala, Bengaluru 560034',
      },
    ]);
  });

  it('is for admins only', async () => {
    renderWithPlatform(<SettingsPage />, { session: aStaffUser({ role: 'manager' }) });
    expect(await screen.findByText('Access Denied')).toBeTruthy();
  });

  it("saves the organisation's profile and tax identity from its own section (decision 055), upper-casing the GSTIN", async () => {
    const api = renderSettings(() => undefined);
    const organisation = await section('Organisation');
    await waitFor(() => expect((organisation.getByLabelText(/^Legal name/) as HTMLInputElement).value).toBe('Khel Events LLP'));
    fireEvent.change(organisation.getByLabelText(/^GSTIN/), { target: { value: '27aapfu0939f1zv' } });
    fireEvent.click(organisation.getByRole('button', { name: 'Save Organisation' }));
    expect(await screen.findByText('Your organisation’s profile has been updated.')).toBeTruthy();
    expect(api.calls('PUT /api/admin/organisation')[0]!.body).toMatchObject({
      legalName: 'Khel Events LLP',
      state: '27',
      pan: 'AAPFU0939F',
      gstin: '27AAPFU0939F1ZV',
    });
    expect(api.calls('PUT /api/admin/settings')).toEqual([]);
  });

  it("names a GSTIN that does not hold the organisation's PAN, and a malformed PAN, before sending", async () => {
    const api = renderSettings(() => undefined);
    const organisation = await section('Organisation');
    await waitFor(() => expect((organisation.getByLabelText(/^PAN/) as HTMLInputElement).value).toBe('AAPFU0939F'));
    fireEvent.change(organisation.getByLabelText(/^PAN/), { target: { value: 'AABCT1332L' } });
    fireEvent.change(organisation.getByLabelText(/^GSTIN/), { target: { value: '27AAPFU0939F1ZV' } });
    fireEvent.click(organisation.getByRole('button', { name: 'Save Organisation' }));
    // The rules' keys read in the page's language (decision 053): English here.
    expect(await organisation.findByText(english(ORGANISATION_MESSAGES.gstinPanMismatch))).toBeTruthy();
    fireEvent.change(organisation.getByLabelText(/^PAN/), { target: { value: 'AAP1' } });
    expect(await organisation.findByText(english(ORGANISATION_MESSAGES.panFormat))).toBeTruthy();
    expect(api.calls('PUT /api/admin/organisation')).toEqual([]);
  });
});
