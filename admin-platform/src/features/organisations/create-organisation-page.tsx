import styled from 'styled-components';
import { INDIAN_STATES, MIN_STAFF_PASSWORD_LENGTH, type CreateOrganisationInput } from '@tdk/api/contract';
import { Button, Card, CardBody, Field, Input, Select, Textarea, getErrorMessage, useToast } from '@tdk/shared-ui';
import { PageHeader } from '@tdk/shared-ui/admin';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { Link, useNavigate } from '@tdk/shared-ui/router';
import { AccessDenied } from '@tdk/shared-ui/admin';
import { usePlatformRole } from '../access/platform-staff-only';
import { useCreateOrganisation } from './queries';

const EMPTY: CreateOrganisationInput = {
  organisation: {
    displayName: '',
    slug: '',
    legalName: '',
    state: '27',
    pan: '',
    gstin: '',
    contactEmail: '',
    contactPhone: '',
    address: '',
    about: '',
  },
  admin: { fullName: '', email: '', password: '' },
};

const FIELDS = [
  'organisation.displayName',
  'organisation.slug',
  'organisation.legalName',
  'organisation.state',
  'organisation.pan',
  'organisation.gstin',
  'organisation.contactEmail',
  'organisation.contactPhone',
  'organisation.address',
  'organisation.about',
  'admin.fullName',
  'admin.email',
  'admin.password',
] as const;

/** /admin/platform/organisations/new: an approved organisation and its first admin (platform admins). */
export function CreateOrganisationPage() {
  const isPlatformAdmin = usePlatformRole() === 'platform_admin';
  return isPlatformAdmin ? <CreateOrganisationForm /> : <AccessDenied />;
}

function CreateOrganisationForm() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  // The sign-up's rules (PAN, GSTIN, slug) and the staff password rules: the contract's schema.
  const form = useLazySchemaForm(() => import('@tdk/api/contract').then((m) => m.createOrganisationSchema), {
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      const { organisation } = await create.mutateAsync({
        ...input,
        organisation: { ...input.organisation, gstin: input.organisation.gstin || undefined },
      });
      toast({ title: 'Organisation created', description: `${organisation.displayName} is approved.`, variant: 'success' });
      navigate(`../organisations/${organisation.id}`);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS))
        toast({ title: 'Error', description: `Failed to create: ${getErrorMessage(error)}`, variant: 'destructive' });
    }
  });
  const org = errors.organisation;
  const admin = errors.admin;
  return (
    <>
      <p>
        <Link to="..">Back to organisations</Link>
      </p>
      <PageHeader title="Create organisation" subtitle="An approved organisation and its first admin" />
      <Card>
        <CardBody>
          <Form onSubmit={submit} noValidate aria-label="Create organisation">
            <fieldset>
              <legend>Organisation</legend>
              <Field label="Organisation name" required error={org?.displayName?.message}>
                <Input {...form.register('organisation.displayName')} />
              </Field>
              <Field label="Web address" required error={org?.slug?.message} hint="Its page is /o/ followed by this.">
                <Input {...form.register('organisation.slug')} />
              </Field>
              <Field label="Legal name" required error={org?.legalName?.message}>
                <Input {...form.register('organisation.legalName')} />
              </Field>
              <Field label="State" required error={org?.state?.message}>
                <Select {...form.register('organisation.state')}>
                  {INDIAN_STATES.map((state) => (
                    <option key={state.code} value={state.code}>
                      {state.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="PAN" required error={org?.pan?.message}>
                <Input {...form.register('organisation.pan')} autoCapitalize="characters" />
              </Field>
              <Field label="GSTIN" error={org?.gstin?.message} hint="Leave empty for an organisation without GST registration.">
                <Input {...form.register('organisation.gstin')} autoCapitalize="characters" />
              </Field>
              <Field label="Contact email" required error={org?.contactEmail?.message}>
                <Input type="email" {...form.register('organisation.contactEmail')} />
              </Field>
              <Field label="Contact phone" required error={org?.contactPhone?.message}>
                <Input type="tel" {...form.register('organisation.contactPhone')} />
              </Field>
              <Field label="Address" error={org?.address?.message}>
                <Input {...form.register('organisation.address')} />
              </Field>
              <Field label="About" error={org?.about?.message}>
                <Textarea rows={3} {...form.register('organisation.about')} />
              </Field>
            </fieldset>
            <fieldset>
              <legend>First admin</legend>
              <Field label="Full name" required error={admin?.fullName?.message}>
                <Input {...form.register('admin.fullName')} autoComplete="off" />
              </Field>
              <Field label="Admin email" required error={admin?.email?.message}>
                <Input type="email" {...form.register('admin.email')} autoComplete="off" />
              </Field>
              <Field
                label="Initial password"
                required
                error={admin?.password?.message}
                hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}
              >
                <Input type="password" {...form.register('admin.password')} autoComplete="new-password" />
              </Field>
            </fieldset>
            <div>
              <Button type="submit" loading={isSubmitting}>
                Create organisation
              </Button>
            </div>
          </Form>
        </CardBody>
      </Card>
    </>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
  }
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;
