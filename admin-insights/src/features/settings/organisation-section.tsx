import { INDIAN_STATES } from '@tdk/api/contract';
import type { OrganisationProfileView, UpdateOrganisationProfileInput } from '@tdk/api/contract/organisations';
import { Field, getErrorMessage, Input, Select, Skeleton, Textarea, useToast } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { SettingsCard } from './settings-card';
import { useOrganisationProfile, useSaveOrganisationProfile } from './queries';

const FIELDS = [
  'displayName',
  'legalName',
  'state',
  'pan',
  'gstin',
  'contactEmail',
  'contactPhone',
  'address',
  'about',
] as const satisfies readonly (keyof UpdateOrganisationProfileInput)[];

const valuesOf = (org: OrganisationProfileView): UpdateOrganisationProfileInput =>
  Object.fromEntries(FIELDS.map((key) => [key, org[key]])) as unknown as UpdateOrganisationProfileInput;

/**
 * The acting organisation's profile and tax identity (decision 055; it was the platform settings'
 * Tax section, decision 031). Its legal name, address, state and GSTIN are the seller on every tax
 * invoice and credit note of its events, in its own number series; without a GSTIN its orders carry
 * no GST and buyers get a receipt. Its admins save it (PUT /api/admin/organisation).
 */
export function OrganisationSection() {
  const { data, error } = useOrganisationProfile();
  if (error && !data) return <p role="alert">Failed to load the organisation.</p>;
  if (!data) return <Skeleton height="24rem" />;
  return <OrganisationForm organisation={data.organisation} />;
}

function OrganisationForm({ organisation }: { organisation: OrganisationProfileView }) {
  const { toast } = useToast();
  const save = useSaveOrganisationProfile();
  const form = useLazySchemaForm(() => import('@tdk/api/contract/organisations').then((m) => m.updateOrganisationProfileSchema), {
    defaultValues: valuesOf(organisation),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(valuesOf(saved.organisation));
      toast({ title: 'Organisation saved', description: 'Your organisation’s profile has been updated.', variant: 'success' });
    } catch (failure) {
      applyServerErrors(failure, form.setError, FIELDS as never);
      toast({
        title: 'Error',
        description: `Failed to save the organisation: ${getErrorMessage(failure)}`,
        variant: 'destructive',
      });
    }
  });
  return (
    <SettingsCard
      id="settings-organisation"
      title="Organisation"
      description={`${organisation.displayName} (/o/${organisation.slug}): its name and tax identity. With a GSTIN, every paid order of your events is issued a numbered tax invoice in your own series and each refund a credit note, naming your legal name, address and GSTIN; without one, no GST is charged and buyers get a receipt. Buyers' privacy notice names your legal name as the one collecting their data.`}
      onSubmit={submit}
      saving={save.isPending}
    >
      <Field label="Organisation name" required error={errors.displayName?.message}>
        <Input {...form.register('displayName')} autoComplete="organization" />
      </Field>
      <Field
        label="Legal name"
        required
        error={errors.legalName?.message}
        hint="As registered with the Income Tax Department and on the GST portal."
      >
        <Input {...form.register('legalName')} />
      </Field>
      <Field label="Address" error={errors.address?.message} hint="The principal place of business: required with a GSTIN.">
        <Textarea rows={3} {...form.register('address')} />
      </Field>
      <Field label="State" required error={errors.state?.message}>
        <Select {...form.register('state')}>
          {INDIAN_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.code} – {state.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="PAN" required error={errors.pan?.message}>
        <Input {...form.register('pan')} autoCapitalize="characters" spellCheck={false} />
      </Field>
      <Field
        label="GSTIN"
        error={errors.gstin?.message}
        hint="15 characters holding your state’s code and PAN; empty when not registered."
      >
        <Input {...form.register('gstin')} autoCapitalize="characters" spellCheck={false} />
      </Field>
      <Field label="Contact email" required error={errors.contactEmail?.message}>
        <Input type="email" {...form.register('contactEmail')} autoComplete="email" />
      </Field>
      <Field label="Contact phone" required error={errors.contactPhone?.message}>
        <Input type="tel" {...form.register('contactPhone')} autoComplete="tel" />
      </Field>
      <Field label="About" error={errors.about?.message}>
        <Textarea rows={3} {...form.register('about')} />
      </Field>
    </SettingsCard>
  );
}
