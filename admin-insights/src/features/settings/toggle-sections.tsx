import { Controller, type Control, type FieldValues, type Path } from '@tdk/shared-ui/forms';
import { SETTINGS_SECTIONS, settingsSchema, type PlatformSettings } from '@tdk/api/contract';
import { Switch } from '@tdk/shared-ui/admin';
import styled from 'styled-components';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

const securitySchema = settingsSchema.pick({ twoFactorAuth: true, loginNotifications: true, eventApprovalRequired: true });

export function Toggle<V extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<V>;
  name: Path<V>;
  label: string;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} label={label} description={description} />
      )}
    />
  );
}

export function SecuritySection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('Security', securitySchema, SETTINGS_SECTIONS.security, settings);
  return (
    <SettingsCard
      id="settings-security"
      title="Security"
      description="How staff sign in and who publishes events."
      onSubmit={submit}
      saving={saving}
    >
      <Toggles>
        <Toggle
          control={form.control}
          name="twoFactorAuth"
          label="Two-Factor Authentication"
          description="Staff enter a 6-digit code from an authenticator app after their password."
        />
        <Toggle
          control={form.control}
          name="loginNotifications"
          label="Login Notifications"
          description="E-mail staff members on each sign-in to their account, with the time and address."
        />
        <Toggle
          control={form.control}
          name="eventApprovalRequired"
          label="Event Approval Required"
          description="Events created or published by managers stay Draft until an admin approves them."
        />
      </Toggles>
    </SettingsCard>
  );
}

export const Toggles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;
