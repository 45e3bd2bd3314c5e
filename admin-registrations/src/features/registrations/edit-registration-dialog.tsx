import { useEffect } from 'react';
import styled from 'styled-components';
import {
  GENDERS,
  REGISTRATION_STATUSES,
  SHIRT_SIZES,
  updateRegistrationSchema,
  type Registration,
  type UpdateRegistrationInput,
} from '@tdk/api/contract';
import {
  Button,
  Callout,
  Dialog,
  Field,
  Input,
  Select,
  Textarea,
  formatRupees,
  getErrorMessage,
  isApiError,
  useToast,
  Options,
} from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useUpdateRegistration } from './queries';

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const formValues = (r: Registration): UpdateRegistrationInput => ({
  firstName: r.participantInfo.firstName,
  lastName: r.participantInfo.lastName,
  email: r.participantInfo.email,
  phone: r.participantInfo.phone,
  gender: (GENDERS as readonly string[]).includes(r.participantInfo.gender)
    ? (r.participantInfo.gender as UpdateRegistrationInput['gender'])
    : '',
  shirtSize: (SHIRT_SIZES as readonly string[]).includes(r.additionalInfo.shirtSize)
    ? (r.additionalInfo.shirtSize as UpdateRegistrationInput['shirtSize'])
    : '',
  emergencyContactName: r.participantInfo.emergencyContact.name,
  emergencyContactPhone: r.participantInfo.emergencyContact.phone,
  medicalConditions: r.additionalInfo.medicalConditions,
  dietaryRestrictions: r.additionalInfo.dietaryRestrictions,
  previousExperience: r.additionalInfo.previousExperience,
  teamName: r.additionalInfo.teamName,
  dateOfBirth: r.participantInfo.dateOfBirth ?? '',
  status: r.status,
  notes: r.notes,
  updatedAt: r.updatedAt,
});

const FIELDS = Object.keys(updateRegistrationSchema.shape) as (keyof UpdateRegistrationInput)[];

/**
 * The Edit Registration form of SPEC.md sections 2 and 5, for one attendee. Payment status is the
 * order's and is not edited here (decision 021).
 */
export function EditRegistrationDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const { toast } = useToast();
  const update = useUpdateRegistration();
  const form = useSchemaForm(updateRegistrationSchema);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (registration) form.reset(formValues(registration));
  }, [form, registration]);

  const submit = form.handleSubmit(async (input) => {
    if (!registration) return;
    try {
      await update.mutateAsync({ id: registration.id, input });
      toast({
        title: 'Registration Updated',
        description: 'Registration details have been successfully updated.',
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (applyServerErrors(error, form.setError, FIELDS)) return;
      const stale = isApiError(error) && error.status === 409;
      toast({
        title: 'Error',
        description: stale ? getErrorMessage(error) : 'Failed to update registration',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={registration !== null}
      onClose={onClose}
      title="Edit Registration"
      description={registration?.registrationNumber}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-registration-form" loading={isSubmitting}>
            Save Changes
          </Button>
        </>
      }
    >
      {registration && (
        <form id="edit-registration-form" onSubmit={submit} noValidate>
          {registration.detailsMissing && (
            <Note>
              <Callout tone="warning" title="Details missing">
                This attendee was part of a group booking made before attendees were recorded one by one; complete their details.
              </Callout>
            </Note>
          )}
          <Grid>
            <Field label="Event">
              <Input value={registration.eventName} readOnly tabIndex={-1} />
            </Field>
            <Field label="Ticket Type">
              <Input value={registration.ticketName} readOnly tabIndex={-1} />
            </Field>
            <Field label="Price">
              <Input value={formatRupees(registration.ticketPrice)} readOnly tabIndex={-1} />
            </Field>
            <Field label="Ticket Number">
              <Input value={registration.registrationNumber} readOnly tabIndex={-1} />
            </Field>
            <Field label="Booking Reference">
              <Input value={registration.bookingReference} readOnly tabIndex={-1} />
            </Field>
            <Field label="First Name" required error={errors.firstName?.message}>
              <Input {...form.register('firstName')} />
            </Field>
            <Field label="Last Name" required error={errors.lastName?.message}>
              <Input {...form.register('lastName')} />
            </Field>
            <Field label="Email" required error={errors.email?.message}>
              <Input type="email" {...form.register('email')} />
            </Field>
            <Field label="Phone" required error={errors.phone?.message}>
              <Input type="tel" {...form.register('phone')} />
            </Field>
            <Field label="Date of Birth" error={errors.dateOfBirth?.message}>
              <Input type="date" {...form.register('dateOfBirth')} />
            </Field>
            <Field label="Gender" error={errors.gender?.message}>
              <Select {...form.register('gender')}>
                <option value="">Not given</option>
                <Options values={GENDERS} label={(gender) => titleCase(gender)} />
              </Select>
            </Field>
            <Field label="Shirt Size" error={errors.shirtSize?.message}>
              <Select {...form.register('shirtSize')}>
                <option value="">Not given</option>
                <Options values={SHIRT_SIZES} />
              </Select>
            </Field>
            <Field label="Emergency Contact Name" error={errors.emergencyContactName?.message}>
              <Input {...form.register('emergencyContactName')} />
            </Field>
            <Field label="Emergency Contact Phone" error={errors.emergencyContactPhone?.message}>
              <Input type="tel" {...form.register('emergencyContactPhone')} />
            </Field>
            <Field label="Status" required error={errors.status?.message}>
              <Select {...form.register('status')}>
                <Options values={REGISTRATION_STATUSES} />
              </Select>
            </Field>
            <Wide>
              <Field label="Medical Conditions" error={errors.medicalConditions?.message}>
                <Textarea rows={2} {...form.register('medicalConditions')} />
              </Field>
            </Wide>
            <Wide>
              <Field label="Admin Notes" error={errors.notes?.message}>
                <Textarea rows={3} {...form.register('notes')} />
              </Field>
            </Wide>
          </Grid>
        </form>
      )}
    </Dialog>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Note = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;
