import { SETTINGS_SECTIONS, settingsSchema, type PlatformSettings } from '@tdk/api/contract';
import { Field, Input, Textarea } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

const schema = settingsSchema.pick({ platformName: true, description: true, contactEmail: true, supportPhone: true });

export function GeneralSection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('General', schema, SETTINGS_SECTIONS.general, settings);
  const { errors } = form.formState;
  return (
    <SettingsCard
      id="settings-general"
      title="General"
      description="The name shows in the header, footer, tickets, page titles and e-mails; the contact e-mail is the tickets' support address and where e-mail replies go."
      onSubmit={submit}
      saving={saving}
    >
      <Field label="Platform name" required error={errors.platformName?.message}>
        <Input {...form.register('platformName')} autoComplete="organization" />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </Field>
      <Field label="Contact email" required error={errors.contactEmail?.message}>
        <Input type="email" {...form.register('contactEmail')} autoComplete="email" />
      </Field>
      <Field label="Support phone" required error={errors.supportPhone?.message}>
        <Input type="tel" {...form.register('supportPhone')} autoComplete="tel" />
      </Field>
    </SettingsCard>
  );
}
