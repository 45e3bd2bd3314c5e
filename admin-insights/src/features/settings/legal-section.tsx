import styled from 'styled-components';
import {
  LEGAL_PAGES,
  LEGAL_SETTING_KEYS,
  LEGAL_TEXT_MAX,
  SETTINGS_SECTIONS,
  settingsSchema,
  type LegalPage,
  type PlatformSettings,
} from '@tdk/api/contract';
import { Button, Field, Textarea } from '@tdk/shared-ui';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

const schema = settingsSchema.pick({ termsText: true, privacyText: true, refundPolicyText: true, contactText: true });

const PAGES: Record<LegalPage, { label: string; path: string }> = {
  terms: { label: 'Terms and conditions', path: '/terms' },
  privacy: { label: 'Privacy policy', path: '/privacy' },
  refunds: { label: 'Refund and cancellation policy', path: '/refunds' },
  contact: { label: 'Contact details', path: '/contact' },
};

const EMPTY = { termsText: '', privacyText: '', refundPolicyText: '', contactText: '' };

/**
 * The public pages payment providers require of a merchant's site (contract/legal.ts): plain text,
 * a blank line between paragraphs; an empty box brings back the standard text.
 */
export function LegalSection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit, saveValues } = useSectionForm('Policies and contact', schema, SETTINGS_SECTIONS.legal, settings);
  const { errors } = form.formState;
  return (
    <Wide>
      <SettingsCard
        id="settings-legal"
        title="Policies and contact"
        description="The Terms, Privacy policy, Refund policy and Contact pages linked from every public page's footer and from checkout. Plain text: leave a blank line between paragraphs; a short first line becomes the paragraph's heading. {platformName}, {contactEmail} and {supportPhone} are replaced by the General settings. Add your Grievance Officer's name and your postal address to Contact details, as India's IT Rules ask."
        onSubmit={submit}
        saving={saving}
        actions={
          <Button
            variant="outline"
            disabled={saving}
            onClick={() => {
              form.reset(EMPTY);
              void saveValues(EMPTY);
            }}
          >
            Use the standard texts
          </Button>
        }
      >
        {LEGAL_PAGES.map((page) => {
          const key = LEGAL_SETTING_KEYS[page];
          return (
            <Field
              key={page}
              label={PAGES[page].label}
              error={errors[key]?.message}
              hint={
                <>
                  At most {LEGAL_TEXT_MAX.toLocaleString('en-IN')} characters; empty for the standard text.{' '}
                  <a href={PAGES[page].path} target="_blank" rel="noopener">
                    View {PAGES[page].path} (opens in a new tab)
                  </a>
                </>
              }
            >
              <Textarea rows={10} {...form.register(key)} />
            </Field>
          );
        })}
      </SettingsCard>
    </Wide>
  );
}

const Wide = styled.div`
  grid-column: 1 / -1;
`;
