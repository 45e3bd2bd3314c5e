// The acting organisation's own settings (decision 056), each section its own form on the contract's
// organisationSettingsSchema and its own Save (PUT /api/admin/organisation with that section's
// fields alone): its e-mails' sender name and reply-to, its Email Notifications and staff alerts,
// how long its attendees' details are kept, and its organiser page's accent.
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '@tdk/api/contract';
import {
  ORGANISATION_SETTINGS_SECTIONS,
  type OrganisationProfileView,
  type UpdateOrganisationSettingsInput,
} from '@tdk/api/contract/organisations';
import { Field, getErrorMessage, Input, Skeleton, useToast } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { SettingsCard } from './settings-card';
import { useOrganisationProfile, useSaveOrganisationSettings } from './queries';
import { Toggle, Toggles } from './toggle-sections';

type Section = keyof typeof ORGANISATION_SETTINGS_SECTIONS;
type SettingKey = (typeof ORGANISATION_SETTINGS_SECTIONS)[Section][number];

const valuesOf = (organisation: OrganisationProfileView, keys: readonly SettingKey[]) =>
  Object.fromEntries(keys.map((key) => [key, organisation[key]])) as UpdateOrganisationSettingsInput;

/** One section's form: the contract's rules for its fields, Save with a toast either way, server errors on the inputs. */
function useOrganisationSectionForm(label: string, section: Section, organisation: OrganisationProfileView) {
  const keys = ORGANISATION_SETTINGS_SECTIONS[section];
  const { toast } = useToast();
  const save = useSaveOrganisationSettings();
  const form = useLazySchemaForm(
    () =>
      import('@tdk/api/contract/organisations').then((m) =>
        m.organisationSettingsSchema
          .pick(Object.fromEntries(keys.map((key) => [key, true])) as Record<SettingKey, true>)
          .partial(),
      ),
    { defaultValues: valuesOf(organisation, keys) },
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values as UpdateOrganisationSettingsInput);
      form.reset(valuesOf(saved.organisation, keys));
      toast({ title: 'Settings saved', description: `${label} settings have been updated.`, variant: 'success' });
    } catch (failure) {
      applyServerErrors(failure, form.setError, keys as never);
      toast({
        title: 'Error',
        description: `Failed to save ${label} settings: ${getErrorMessage(failure)}`,
        variant: 'destructive',
      });
    }
  });
  return { form, submit, saving: save.isPending };
}

type SectionProps = { organisation: OrganisationProfileView };

/** The organisation's four sections, once its profile is loaded. */
export function OrganisationSettingsSections() {
  const { data, error } = useOrganisationProfile();
  if (error && !data) return <p role="alert">Failed to load the organisation’s settings.</p>;
  if (!data) return <Skeleton height="12rem" />;
  const { organisation } = data;
  return (
    <>
      <EmailSection organisation={organisation} />
      <NotificationsSection organisation={organisation} />
      <RetentionSection organisation={organisation} />
      <PageBrandingSection organisation={organisation} />
    </>
  );
}

function EmailSection({ organisation }: SectionProps) {
  const { form, submit, saving } = useOrganisationSectionForm('Email', 'email', organisation);
  const { errors } = form.formState;
  return (
    <SettingsCard
      id="settings-organisation-email"
      title="Email"
      description="How your e-mails to buyers and attendees (tickets, refunds, reminders, waiting-list offers) are signed. They are sent from the platform’s address."
      onSubmit={submit}
      saving={saving}
    >
      <Field
        label="Sender name"
        error={errors.emailSenderName?.message}
        hint={`Empty for your organisation name (${organisation.displayName}).`}
      >
        <Input {...form.register('emailSenderName')} placeholder={organisation.displayName} />
      </Field>
      <Field
        label="Reply-to"
        error={errors.emailReplyTo?.message}
        hint={`Where buyers’ replies go; empty for your contact email (${organisation.contactEmail}).`}
      >
        <Input type="email" {...form.register('emailReplyTo')} placeholder={organisation.contactEmail} autoComplete="email" />
      </Field>
    </SettingsCard>
  );
}

function NotificationsSection({ organisation }: SectionProps) {
  const { form, submit, saving } = useOrganisationSectionForm('Email Notifications', 'notifications', organisation);
  return (
    <SettingsCard
      id="settings-organisation-notifications"
      title="Email Notifications"
      description="Which e-mails your events send, and what your staff are told."
      onSubmit={submit}
      saving={saving}
    >
      <Toggles>
        <Toggle
          control={form.control}
          name="emailNotifications"
          label="Email Notifications"
          description="Buyers and attendees get a confirmation e-mail with their ticket after paying."
        />
        <Toggle
          control={form.control}
          name="userRegistrationAlerts"
          label="User Registration Alerts"
          description="Your administrators and managers are told of each paid registration."
        />
        <Toggle
          control={form.control}
          name="newEventAlerts"
          label="New Event Alerts"
          description="Your administrators are told when an event is created."
        />
        <Toggle
          control={form.control}
          name="weeklyReports"
          label="Weekly Reports"
          description="A summary of your week to your administrators every Monday at 09:00 India time."
        />
      </Toggles>
    </SettingsCard>
  );
}

function RetentionSection({ organisation }: SectionProps) {
  const { form, submit, saving } = useOrganisationSectionForm('Data retention', 'retention', organisation);
  const { errors } = form.formState;
  return (
    <SettingsCard
      id="settings-organisation-retention"
      title="Data retention"
      description="How long your attendees’ details are kept after their event. Your buyers’ privacy notice states it: a change is a new version of your part of the notice, which only your buyers read again."
      onSubmit={submit}
      saving={saving}
    >
      <Field
        label="Retention period (days after the event)"
        error={errors.retentionDays?.message}
        hint={`Names, contacts, dates of birth and medical and emergency details are erased this many days after the event (${RETENTION_DAYS_MIN}–${RETENTION_DAYS_MAX}); amounts, payments and refunds are kept.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          {...form.register('retentionDays', { valueAsNumber: true })}
        />
      </Field>
    </SettingsCard>
  );
}

function PageBrandingSection({ organisation }: SectionProps) {
  const { form, submit, saving } = useOrganisationSectionForm('Page branding', 'branding', organisation);
  const { errors } = form.formState;
  return (
    <SettingsCard
      id="settings-organisation-branding"
      title="Page branding"
      description={`The accent colour of your organiser page (/o/${organisation.slug}). Text in it is darkened until it reads on white (AA).`}
      onSubmit={submit}
      saving={saving}
    >
      <Field
        label="Brand colour"
        error={errors.brandColour?.message}
        hint="A hex colour like #0F766E; empty for the platform’s colours."
      >
        <Input {...form.register('brandColour')} placeholder="#0F766E" spellCheck={false} />
      </Field>
    </SettingsCard>
  );
}
