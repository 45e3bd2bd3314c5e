import { useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import {
  GENDERS,
  REGISTRATION_STATUSES,
  SHIRT_SIZES,
  questionsFor,
  type AnswerValue,
  type EventQuestion,
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
import { useLazySchemaForm, type Path } from '@tdk/shared-ui/forms';
import { answersToSend, droppedAnswerIds, formFieldOf, initialFormAnswers, isBibTakenMessage } from './answers-form';
import type { EditRegistrationSchema } from './edit-registration-schema';
import { useAdminEvent, useUpdateRegistration } from './queries';
import { QuestionFields } from './question-fields';

const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

type EditValues = UpdateRegistrationInput & { answers?: Record<string, AnswerValue> };

const formValues = (r: Registration, questions: EventQuestion[] | null): EditValues => ({
  firstName: r.participantInfo.firstName,
  lastName: r.participantInfo.lastName,
  // The full edit is a manager's (decision 047), who always receives the contacts.
  email: r.participantInfo.email ?? '',
  phone: r.participantInfo.phone ?? '',
  gender: (GENDERS as readonly string[]).includes(r.participantInfo.gender)
    ? (r.participantInfo.gender as UpdateRegistrationInput['gender'])
    : '',
  shirtSize: (SHIRT_SIZES as readonly string[]).includes(r.additionalInfo.shirtSize)
    ? (r.additionalInfo.shirtSize as UpdateRegistrationInput['shirtSize'])
    : '',
  emergencyContactName: r.participantInfo.emergencyContact?.name ?? '',
  emergencyContactPhone: r.participantInfo.emergencyContact?.phone ?? '',
  medicalConditions: r.additionalInfo.medicalConditions,
  dietaryRestrictions: r.additionalInfo.dietaryRestrictions,
  previousExperience: r.additionalInfo.previousExperience,
  teamName: r.additionalInfo.teamName,
  dateOfBirth: r.participantInfo.dateOfBirth ?? '',
  bib: r.bib,
  status: r.status,
  notes: r.notes,
  updatedAt: r.updatedAt,
  answers: questions ? initialFormAnswers(questions, r.ticketId, r.answers) : {},
});

/** The bib box's text as the contract takes it: empty is no bib (null), anything else a number. */
const bibValue = (text: unknown) => (text === '' || text === null || text === undefined ? null : Number(text));

/**
 * The Edit Registration form of SPEC.md sections 2 and 5, for one attendee: their details, bib and
 * answers to the event's questions (issue 23). Payment status is the order's and is not edited here
 * (decision 021).
 */
export function EditRegistrationDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const { toast } = useToast();
  const update = useUpdateRegistration();
  const event = useAdminEvent(registration?.eventId ?? null);
  // The event's questions once known; null while they load or when they could not be loaded.
  const questions = event.data?.questions ?? null;
  const ticketId = registration?.ticketId ?? null;
  const asked = useMemo(() => (questions ? questionsFor(questions, ticketId ?? 0) : []), [questions, ticketId]);
  const dropped = questions && registration ? droppedAnswerIds(questions, ticketId, registration.answers) : [];
  const form = useLazySchemaForm<EditRegistrationSchema>(() =>
    import('./edit-registration-schema').then((m) => m.editRegistrationSchema(questions, ticketId)),
  );
  const { errors, isSubmitting } = form.formState;

  // Filled when the dialog opens; when the event's questions arrive (or change) their answers are
  // filled in too, keeping what staff have typed meanwhile.
  const filledFor = useRef<Registration | null>(null);
  useEffect(() => {
    const again = registration !== null && filledFor.current === registration;
    filledFor.current = registration;
    if (registration) form.reset(formValues(registration, questions), again ? { keepDirtyValues: true } : undefined);
  }, [form, registration, questions]);

  const submit = form.handleSubmit(async (values) => {
    if (!registration) return;
    const { answers, ...details } = values;
    // Answers are sent only when the event's questions are known: otherwise they are left as they are.
    const input: EditValues =
      questions && (asked.length > 0 || dropped.length > 0)
        ? { ...details, answers: answersToSend(questions, ticketId, answers) }
        : details;
    try {
      await update.mutateAsync({ id: registration.id, input });
      toast({
        title: 'Registration Updated',
        description: 'Registration details have been successfully updated.',
        variant: 'success',
      });
      onClose();
    } catch (error) {
      if (showOnFields(error)) return;
      const conflict = isApiError(error) && error.status === 409;
      toast({
        title: 'Error',
        description: conflict ? getErrorMessage(error) : 'Failed to update registration',
        variant: 'destructive',
      });
    }
  });

  /** A 400's field messages (an answer's by its question), or a 409 for a bib another attendee holds, on their inputs. */
  function showOnFields(error: unknown): boolean {
    if (!isApiError(error) || !registration) return false;
    const names = [
      ...Object.keys(formValues(registration, null)).filter((name) => name !== 'answers'),
      ...Object.keys(initialFormAnswers(questions ?? [], ticketId, {})).map((key) => `answers.${key}`),
    ];
    let shown = false;
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      const name = formFieldOf(field);
      if (!names.includes(name)) continue;
      form.setError(name as Path<EditValues>, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
    if (!shown && error.status === 409 && isBibTakenMessage(error.message)) {
      form.setError('bib', { type: 'server', message: error.message }, { shouldFocus: true });
      shown = true;
    }
    return shown;
  }

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
            <Field label="Bib" hint="Leave empty for no bib" error={errors.bib?.message}>
              <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('bib', { setValueAs: bibValue })} />
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
              <QuestionsHeading>Event questions</QuestionsHeading>
              {event.isPending && <Muted>Loading the event's questions…</Muted>}
              {event.isError && (
                <Muted role="alert">The event's questions could not be loaded: the answers are left as they are.</Muted>
              )}
              {event.isSuccess && asked.length === 0 && (
                <Muted>This event asks no questions of a {registration.ticketName} ticket.</Muted>
              )}
              {dropped.length > 0 && (
                <Muted>
                  {dropped.length === 1 ? 'One answer is' : `${dropped.length} answers are`} to a question the event no longer
                  asks of this ticket type, and will be removed on saving.
                </Muted>
              )}
            </Wide>
            <QuestionFields questions={asked} control={form.control} errors={errors} />
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

const QuestionsHeading = styled.h3`
  margin: ${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
