import { SETTINGS_DEFAULTS, SETTINGS_SECTIONS, settingsSchema, type PlatformSettings } from '@tdk/api/contract';
import { Button, Field, Input } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { pickSettings, useSectionForm } from './use-section-form';

const schema = settingsSchema.pick({
  maxEventCapacity: true,
  bookingWindowDays: true,
  platformCommissionPercent: true,
  maxConvenienceFeeRupees: true,
});
// An empty or non-numeric box becomes NaN, which the schema's 'must be a number' message names.
const asNumber = { setValueAs: (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value)) };

export function PlatformSection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit, saveValues } = useSectionForm(
    'Platform Management',
    schema,
    SETTINGS_SECTIONS.platform,
    settings,
  );
  const { errors } = form.formState;
  const resetToDefaults = async () => {
    const defaults = pickSettings(SETTINGS_DEFAULTS as PlatformSettings, SETTINGS_SECTIONS.platform);
    form.reset(defaults);
    await saveValues(defaults);
  };
  return (
    <SettingsCard
      id="settings-platform"
      title="Platform Management"
      description="Limits the event form, the event page and checkout apply, and the commission Analytics shows."
      onSubmit={submit}
      saving={saving}
      actions={
        <Button variant="outline" onClick={() => void resetToDefaults()} disabled={saving}>
          Reset to Defaults
        </Button>
      }
    >
      <Field
        label="Max event capacity"
        required
        error={errors.maxEventCapacity?.message}
        hint="The most participants one event may take."
      >
        <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('maxEventCapacity', asNumber)} />
      </Field>
      <Field
        label="Booking window (days)"
        required
        error={errors.bookingWindowDays?.message}
        hint="Events further ahead show 'Booking opens on…' and cannot be booked yet."
      >
        <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('bookingWindowDays', asNumber)} />
      </Field>
      <Field
        label="Platform commission (%)"
        required
        error={errors.platformCommissionPercent?.message}
        hint="The platform's share of paid revenue; the rest is the organisers'."
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.1}
          {...form.register('platformCommissionPercent', asNumber)}
        />
      </Field>
      <Field
        label="Maximum convenience fee per ticket (₹)"
        required
        error={errors.maxConvenienceFeeRupees?.message}
        hint="The most an event's convenience fee may charge a buyer per ticket, before its 18% GST."
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={10000}
          step={0.01}
          {...form.register('maxConvenienceFeeRupees', asNumber)}
        />
      </Field>
    </SettingsCard>
  );
}
