import type { PlatformSettings, UpdateSettingsInput } from '@tdk/api/contract';
import { getErrorMessage, useToast } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm, type FieldValues } from '@tdk/shared-ui/forms';
import { useSaveSettings } from './queries';

/** The values of `keys` out of the settings. */
export function pickSettings<K extends keyof PlatformSettings>(
  settings: PlatformSettings,
  keys: readonly K[],
): Pick<PlatformSettings, K> {
  return Object.fromEntries(keys.map((key) => [key, settings[key]])) as Pick<PlatformSettings, K>;
}

type SectionSchema = Parameters<typeof useSchemaForm>[0];

/**
 * One Settings section's form: the contract's schema for its fields, Save with a toast either
 * way, server field errors on the inputs, and the form kept as typed when the save fails.
 */
export function useSectionForm<Schema extends SectionSchema>(
  label: string,
  schema: Schema,
  keys: readonly (keyof PlatformSettings)[],
  settings: PlatformSettings,
) {
  const { toast } = useToast();
  const save = useSaveSettings();
  const form = useSchemaForm(schema, { defaultValues: pickSettings(settings, keys) as never });
  type Values = Parameters<Parameters<typeof form.handleSubmit>[0]>[0];

  const saveValues = async (values: Values | FieldValues) => {
    try {
      const saved = await save.mutateAsync(values as UpdateSettingsInput);
      form.reset(pickSettings(saved.settings, keys) as never);
      toast({ title: 'Settings saved', description: `${label} settings have been updated.`, variant: 'success' });
      return true;
    } catch (error) {
      applyServerErrors(error, form.setError, keys as never);
      toast({
        title: 'Error',
        description: `Failed to save ${label} settings: ${getErrorMessage(error)}`,
        variant: 'destructive',
      });
      return false;
    }
  };

  return { form, saving: save.isPending, submit: form.handleSubmit(saveValues), saveValues };
}
