import styled from 'styled-components';
import {
  PRIVACY_NOTICE_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  SETTINGS_SECTIONS,
  settingsSchema,
  type PlatformSettings,
} from '@tdk/api/contract';
import { Field, Input, Textarea } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

const schema = settingsSchema.pick({
  privacyNoticeText: true,
  privacyNoticeTextHi: true,
  privacyNoticeTextMr: true,
  retentionDays: true,
});

const NOTICES = [
  { key: 'privacyNoticeText', label: 'Notice (English)' },
  { key: 'privacyNoticeTextHi', label: 'Notice (Hindi)' },
  { key: 'privacyNoticeTextMr', label: 'Notice (Marathi)' },
] as const;

/**
 * The privacy notice the registration form shows and asks consent to, and how long participants'
 * details are kept after an event (decision 030). Saving a changed notice makes a new version:
 * consents given from then on record it.
 */
export function PrivacySection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('Privacy', schema, SETTINGS_SECTIONS.privacy, settings);
  const { errors } = form.formState;
  return (
    <Wide>
      <SettingsCard
        id="settings-privacy"
        title="Privacy"
        description={`The notice buyers read and tick on the registration form (DPDP Act 2023): what is collected, why, who sees it, for how long, how to withdraw or ask for erasure, and whom to contact. Leave a language empty for the standard text; {platformName}, {contactEmail} and {retentionDays} are replaced. Version ${settings.privacyNoticeVersion} is in force: changing a notice or the retention period makes a new version.`}
        onSubmit={submit}
        saving={saving}
      >
        {NOTICES.map(({ key, label }) => (
          <Field
            key={key}
            label={label}
            error={errors[key]?.message}
            hint={`At most ${PRIVACY_NOTICE_MAX.toLocaleString('en-IN')} characters; empty for the standard text.`}
          >
            <Textarea rows={6} {...form.register(key)} />
          </Field>
        ))}
        <Field
          label="Retention period (days after the event)"
          error={errors.retentionDays?.message}
          hint={`Participants' names, contacts, dates of birth and medical and emergency details are erased this many days after their event (${RETENTION_DAYS_MIN}–${RETENTION_DAYS_MAX}); amounts, payments and refunds are kept.`}
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
    </Wide>
  );
}

const Wide = styled.div`
  grid-column: 1 / -1;
`;
