import { useId, useRef, type ChangeEvent } from 'react';
import { Controller, useWatch } from '@tdk/shared-ui/forms';
import styled from 'styled-components';
import {
  IMAGE_MESSAGES,
  MAX_IMAGE_BYTES,
  MIN_BRAND_CONTRAST,
  SETTINGS_SECTIONS,
  contrastOnWhite,
  settingsSchema,
  type PlatformSettings,
} from '@tdk/api/contract';
import { Button, Field, Input, getErrorMessage, useToast } from '@tdk/shared-ui';
import { useUploadLogo } from './queries';
import { SettingsCard } from './settings-card';
import { useSectionForm } from './use-section-form';

const schema = settingsSchema.pick({ logoUrl: true, primaryColor: true, secondaryColor: true });
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The events' image rule, checked before any upload (the server checks the bytes again). */
function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.invalid;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

export function BrandingSection({ settings }: { settings: PlatformSettings }) {
  const { form, saving, submit } = useSectionForm('Branding', schema, SETTINGS_SECTIONS.branding, settings);
  const { errors } = form.formState;
  const { toast } = useToast();
  const upload = useUploadLogo();
  const fileInput = useRef<HTMLInputElement>(null);
  const logoUrl = useWatch({ control: form.control, name: 'logoUrl' });
  const logoHintId = useId();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      form.setError('logoUrl', { type: 'manual', message: problem });
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      form.setValue('logoUrl', url, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      form.setError('logoUrl', { type: 'server', message: getErrorMessage(error) });
      toast({ title: 'Error', description: `Failed to upload the logo: ${getErrorMessage(error)}`, variant: 'destructive' });
    }
  };

  return (
    <SettingsCard
      id="settings-branding"
      title="Branding"
      description="The logo and colours of every page, storefront and admin alike."
      onSubmit={submit}
      saving={saving || upload.isPending}
    >
      <Field label="Logo" error={errors.logoUrl?.message} hint="PNG, JPEG, GIF or WebP, at most 5 MB." id="settings-logo">
        {(control) => (
          <LogoRow>
            <LogoPreview>
              {logoUrl ? <img src={logoUrl} alt="Current logo" /> : <span id={logoHintId}>No logo: the name is shown</span>}
            </LogoPreview>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              onChange={(e) => void pick(e)}
              aria-hidden="true"
              tabIndex={-1}
            />
            <Button
              variant="outline"
              id={control.id}
              aria-describedby={control['aria-describedby']}
              aria-invalid={control['aria-invalid']}
              loading={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
            {logoUrl && (
              <Button variant="ghost" onClick={() => form.setValue('logoUrl', '', { shouldDirty: true })}>
                Remove logo
              </Button>
            )}
          </LogoRow>
        )}
      </Field>
      <ColourField form={form} name="primaryColor" label="Primary colour" error={errors.primaryColor?.message} />
      <ColourField form={form} name="secondaryColor" label="Secondary colour" error={errors.secondaryColor?.message} />
    </SettingsCard>
  );
}

type BrandingForm = ReturnType<typeof useSectionForm<typeof schema>>['form'];

function ColourField({
  form,
  name,
  label,
  error,
}: {
  form: BrandingForm;
  name: 'primaryColor' | 'secondaryColor';
  label: string;
  error?: string;
}) {
  const value = useWatch({ control: form.control, name });
  const ratio = HEX.test(value) ? contrastOnWhite(value) : null;
  const hint =
    ratio === null
      ? 'A hex colour like #FF6B35.'
      : `${ratio.toFixed(1)}:1 on white${ratio < MIN_BRAND_CONTRAST ? ` (at least ${MIN_BRAND_CONTRAST}:1 is needed)` : ''}.`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Field label={label} required error={error} hint={hint}>
          {(control) => (
            <ColourRow>
              <Swatch
                type="color"
                aria-label={`Pick the ${label.toLowerCase()}`}
                value={HEX.test(field.value) ? field.value.toLowerCase() : '#000000'}
                onChange={(e) => field.onChange(e.target.value.toUpperCase())}
              />
              <Input
                {...control}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                maxLength={7}
                spellCheck={false}
              />
            </ColourRow>
          )}
        </Field>
      )}
    />
  );
}

const LogoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const LogoPreview = styled.div`
  display: grid;
  place-items: center;
  min-width: 120px;
  height: 56px;
  padding: 4px 8px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  img {
    max-height: 48px;
    max-width: 160px;
  }
`;

const ColourRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  input:last-child {
    max-width: 140px;
    font-family: ${({ theme }) => theme.fonts?.mono ?? 'monospace'};
  }
`;

const Swatch = styled.input`
  width: 44px;
  height: 40px;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
`;
