import { INDIAN_STATES, SETTINGS_SECTIONS, taxSettingsSchema, type PlatformSettings } from '@tdk/api/contract';
import { Field, Input, Select, Textarea } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

/**
 * The organiser's GST registration (decision 031): all four fields or none. With them, every paid
 * order is issued a numbered tax invoice and each refund a credit note; without them, orders carry
 * no GST and the buyer's receipt is the order.
 */
export function TaxSection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('Tax', taxSettingsSchema, SETTINGS_SECTIONS.tax, settings);
  const { errors } = form.formState;
  return (
    <SettingsCard
      id="settings-tax"
      title="Tax"
      description="Your GST registration, printed on every tax invoice and credit note. Fill in all four to issue GST invoices for paid orders, or leave all four empty to sell without GST (buyers then get a plain receipt)."
      onSubmit={submit}
      saving={saving}
    >
      <Field label="Legal name" error={errors.gstLegalName?.message} hint="As registered on the GST portal.">
        <Input {...form.register('gstLegalName')} autoComplete="organization" />
      </Field>
      <Field label="Address" error={errors.gstAddress?.message} hint="The principal place of business of the registration.">
        <Textarea rows={3} {...form.register('gstAddress')} />
      </Field>
      <Field label="State" error={errors.gstState?.message}>
        <Select {...form.register('gstState')}>
          <option value="">No GST registration</option>
          {INDIAN_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.code} – {state.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="GSTIN" error={errors.gstin?.message} hint="15 characters, beginning with the state's code.">
        <Input {...form.register('gstin')} autoCapitalize="characters" spellCheck={false} />
      </Field>
    </SettingsCard>
  );
}
