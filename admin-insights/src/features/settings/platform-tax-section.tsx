import { platformTaxProblems, SETTINGS_SECTIONS, settingsSchema, type PlatformSettings } from '@tdk/api/contract';
import { Field, Input, Textarea } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

// The platform's own GST registration (decision 067): the server asks the same of the settings it saves.
const schema = settingsSchema
  .pick({ platformLegalName: true, platformAddress: true, platformGstin: true })
  .superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(platformTaxProblems(values))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });

export function PlatformTaxSection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('Platform tax registration', schema, SETTINGS_SECTIONS.platformTax, settings);
  const { errors } = form.formState;
  return (
    <SettingsCard
      id="settings-platform-tax"
      title="Platform tax registration"
      description="The platform invoices the convenience fee and its 18% GST to buyers in its own series (PF/…), with credit notes (PFC/…) when the fee is refunded. Without a GSTIN no fee invoice is issued and the fee shows on the receipt only."
      onSubmit={submit}
      saving={saving}
    >
      <Field label="GSTIN" error={errors.platformGstin?.message} hint="Its first two digits are the platform's state.">
        <Input {...form.register('platformGstin')} autoCapitalize="characters" spellCheck={false} maxLength={15} />
      </Field>
      <Field label="Legal name" error={errors.platformLegalName?.message}>
        <Input {...form.register('platformLegalName')} autoComplete="organization" />
      </Field>
      <Field label="Registered address" error={errors.platformAddress?.message}>
        <Textarea rows={3} {...form.register('platformAddress')} autoComplete="street-address" />
      </Field>
    </SettingsCard>
  );
}
