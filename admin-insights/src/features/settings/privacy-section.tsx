import styled from 'styled-components';
import { PRIVACY_NOTICE_MAX, SETTINGS_SECTIONS, settingsSchema, type PlatformSettings } from '@tdk/api/contract';
import { Field, Textarea } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

const schema = settingsSchema.pick({
  privacyNoticeText: true,
  privacyNoticeTextHi: true,
  privacyNoticeTextMr: true,
});

const NOTICES = [
  { key: 'privacyNoticeText', label: 'Notice (English)' },
  { key: 'privacyNoticeTextHi', label: 'Notice (Hindi)' },
  { key: 'privacyNoticeTextMr', label: 'Notice (Marathi)' },
] as const;

/**
 * The privacy notice the registration form shows and asks consent to (decision 030). Saving a changed
 * notice makes a new version: consents given from then on record it. How long participants' details
 * are kept is each organisation's (its Data retention section, decision 056).
 */
export function PrivacySection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('Privacy', schema, SETTINGS_SECTIONS.privacy, settings);
  const { errors } = form.formState;
  return (
    <Wide>
      <SettingsCard
        id="settings-privacy"
        title="Privacy"
        description={`The notice buyers read and tick on the registration form (DPDP Act 2023): what is collected, why, who sees it, for how long, how to withdraw or ask for erasure, and whom to contact. Leave a language empty for the standard text; {platformName} and {contactEmail} are replaced, and {organiser} and {retentionDays} become the event's organisation's name and retention period. Version ${settings.privacyNoticeVersion} is the platform's part in force: changing a notice makes a new version for every buyer; an organisation's change of its retention period moves only its own part.`}
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
      </SettingsCard>
    </Wide>
  );
}

const Wide = styled.div`
  grid-column: 1 / -1;
`;
