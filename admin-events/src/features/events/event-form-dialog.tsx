import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  EVENT_CATEGORIES,
  EVENT_CITY_OPTIONS,
  EDITABLE_EVENT_STATUSES,
  DEFAULT_FIELD_MODES,
  IMAGE_MESSAGES,
  INDIAN_STATES,
  MAX_IMAGE_BYTES,
  capacityMessage,
  defaultNoteTexts,
  eventInputSchema,
  fieldModesOf,
  NO_SELF_SERVICE,
  selfServiceOf,
  type EventInput,
  type SportEvent,
} from '@tdk/api/contract';
import {
  Button,
  Dialog,
  Field,
  Input,
  Select,
  Textarea,
  getErrorMessage,
  isApiError,
  useConfig,
  useSession,
  useToast,
  Options,
} from '@tdk/shared-ui';
import { Switch } from '@tdk/shared-ui/admin';
import { Controller, applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useCreateEvent, useUpdateEvent, useUploadImage } from './queries';
import { RegistrationFormSection } from './registration-form-section';
import { draftOf } from './registration-form';
import { SelfServiceSection } from './self-service-section';
import { ConvenienceFeeSection } from './convenience-fee-section';

const EMPTY: EventInput = {
  title: '',
  description: '',
  category: 'Football',
  date: '',
  time: '',
  city: 'Mumbai',
  venue: '',
  maxParticipants: 100,
  price: 0,
  contactEmail: '',
  contactPhone: '',
  status: 'Draft',
  imageUrl: null,
  highlights: [],
  rules: [],
  regulations: [],
  titleHi: '',
  titleMr: '',
  descriptionHi: '',
  descriptionMr: '',
  questions: [],
  participantFields: { ...DEFAULT_FIELD_MODES },
  healthReason: '',
  offerHours: 24,
  // Decision 023: buyers may do nothing themselves until staff allow it.
  selfService: { ...NO_SELF_SERVICE },
  // GST (decision 031): taxed at each ticket's rate, supplied in the organiser's own state.
  recognisedSport: false,
  gstState: null,
  // Decision 060: no convenience fee until the organiser chooses one.
  convenienceFee: null,
  // A new event starts from the platform's notes (contract event-notes.ts); staff change them here.
  ...defaultNoteTexts(false),
};

const valuesOf = (event: SportEvent): EventInput => ({
  title: event.title,
  description: event.description,
  category:
    ((EVENT_CATEGORIES as readonly string[]).find(
      (c) => c.toLowerCase() === event.category.toLowerCase(),
    ) as EventInput['category']) ?? 'Other',
  date: event.date,
  time: event.time,
  city: ((EVENT_CITY_OPTIONS as readonly string[]).includes(event.location) ? event.location : 'Mumbai') as EventInput['city'],
  venue: event.venue,
  maxParticipants: event.maxParticipants,
  price: event.price,
  contactEmail: event.contactEmail,
  contactPhone: event.contactPhone,
  // A cancelled event is never edited (the table offers no Edit; the API refuses): the type only.
  status: event.status === 'Cancelled' ? 'Completed' : event.status,
  imageUrl: event.imageUrl,
  highlights: event.highlights,
  rules: event.rules,
  regulations: event.regulations,
  titleHi: event.translations?.hi?.title ?? '',
  titleMr: event.translations?.mr?.title ?? '',
  descriptionHi: event.translations?.hi?.description ?? '',
  descriptionMr: event.translations?.mr?.description ?? '',
  // Each question keeps its id, so the answers given to it stay attached after an edit.
  questions: (event.questions ?? []).map(draftOf),
  participantFields: fieldModesOf(event.participantFields),
  healthReason: event.healthReason ?? '',
  offerHours: event.offerHours ?? 24,
  selfService: selfServiceOf(event.selfService),
  recognisedSport: event.recognisedSport ?? false,
  gstState: (event.gstState ?? null) as EventInput['gstState'],
  convenienceFee: event.convenienceFee ?? null,
  arrivalNote: event.notes.arrivalNote ?? defaultNoteTexts(event.notes.online).arrivalNote,
  idNote: event.notes.idNote ?? defaultNoteTexts(event.notes.online).idNote,
});

/** SPEC.md section 5: a number input that holds something else counts as 0. */
const asNumber = (value: unknown) => {
  const n = Number(value);
  return value === '' || Number.isNaN(n) ? 0 : n;
};

/** The picked image's own check, before any upload (the server checks the bytes again). */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.invalid;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/**
 * Create New Event / Edit Event (SPEC.md sections 2 and 5): its sections, the image picked and
 * previewed, and the registration form attendees fill in (issue 23).
 */
export function EventFormDialog({
  open,
  event,
  onClose,
}: {
  open: boolean;
  /** The event to edit; absent to create one. */
  event?: SportEvent;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const upload = useUploadImage();
  // An organisation awaiting the platform's approval drafts only (decision 052): the Status field says why publishing waits.
  const session = useSession();
  const awaitingApproval = session.organisation?.status === 'applied';
  const form = useSchemaForm(eventInputSchema, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageUrl = form.watch('imageUrl');
  // Bumped at each reset, so the questions editor starts afresh with the values it was given.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!open) return;
    form.reset(event ? valuesOf(event) : EMPTY);
    setPicked(null);
    setImageError(null);
    setGeneration((n) => n + 1);
  }, [open, event, form]);

  // The local preview's object URL is released when replaced or closed.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.preview);
    },
    [picked],
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    setImageError(problem);
    if (problem) return;
    setPicked({ file, preview: URL.createObjectURL(file) });
  };

  const { maxEventCapacity } = useConfig();
  const submit = form.handleSubmit(async (input) => {
    const verb = event ? 'update' : 'create';
    // Settings' max event capacity, checked before sending as the API checks it.
    if (input.maxParticipants > maxEventCapacity) {
      form.setError('maxParticipants', { type: 'manual', message: capacityMessage(maxEventCapacity) }, { shouldFocus: true });
      return;
    }
    try {
      const withImage = picked ? { ...input, imageUrl: (await upload.mutateAsync(picked.file)).url } : input;
      if (event) {
        const { event: updated } = await update.mutateAsync({
          id: event.id,
          input: { ...withImage, updatedAt: event.updatedAt },
        });
        toast({
          title: 'Success',
          description: updated.pendingStatus
            ? 'Event updated successfully. It stays Draft until platform staff approve it.'
            : 'Event updated successfully',
          variant: 'success',
        });
      } else {
        const { event: created } = await create.mutateAsync(withImage);
        toast({
          title: 'Success',
          description: created.pendingStatus
            ? 'Event created successfully. It stays Draft until platform staff approve it.'
            : 'Event created successfully',
          variant: 'success',
        });
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fields?.image) {
        setImageError(error.fields.image);
        return;
      }
      applyServerErrors(error, form.setError);
      toast({
        title: 'Error',
        description: `Failed to ${verb} event: ${isApiError(error) ? getErrorMessage(error) : 'Unknown error'}`,
        variant: 'destructive',
      });
    }
  });

  const shown = picked?.preview ?? imageUrl ?? null;
  const lines = (name: 'highlights' | 'rules' | 'regulations', label: string, hint: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} error={fieldState.error?.message}>
          <Textarea
            rows={3}
            value={(field.value ?? []).join('\n')}
            onChange={(e) => field.onChange(e.target.value.split('\n'))}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={event ? 'Edit Event' : 'Create New Event'}
      description={event ? event.title : 'Fill in the details of the new event. Fields with * are required.'}
      size="xl"
      closeOnBackdropClick={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="event-form" loading={isSubmitting}>
            {event ? 'Update Event' : 'Create Event'}
          </Button>
        </>
      }
    >
      <form id="event-form" onSubmit={submit} noValidate>
        <Section title="Basic Information">
          <Wide>
            <Field label="Event Title" required error={errors.title?.message}>
              <Input {...form.register('title')} />
            </Field>
          </Wide>
          <Field label="Category" required error={errors.category?.message}>
            <Select {...form.register('category')}>
              <Options values={EVENT_CATEGORIES} />
            </Select>
          </Field>
          <Field
            label="Status"
            error={errors.status?.message}
            hint={
              awaitingApproval
                ? 'Your organisation awaits the platform’s approval: save events as Draft, and publish them once it is approved.'
                : undefined
            }
          >
            <Select {...form.register('status')}>
              <Options values={EDITABLE_EVENT_STATUSES} />
            </Select>
          </Field>
          <Wide>
            <Field label="Description" required error={errors.description?.message}>
              <Textarea rows={4} {...form.register('description')} />
            </Field>
          </Wide>
          <Wide>
            <Field label="Event Image" hint="PNG, JPG, GIF up to 5MB" error={imageError}>
              {(control) => (
                <ImagePicker>
                  {shown ? (
                    <img src={shown} alt="Preview of the event image" />
                  ) : (
                    <Placeholder aria-hidden="true">No image</Placeholder>
                  )}
                  <div>
                    <input
                      {...control}
                      ref={fileInput}
                      type="file"
                      accept="image/png,image/jpeg,image/gif,image/webp"
                      onChange={(e) => pick(e.target.files?.[0])}
                    />
                    {shown && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => {
                          setPicked(null);
                          form.setValue('imageUrl', null, { shouldDirty: true });
                          if (fileInput.current) fileInput.current.value = '';
                        }}
                      >
                        Remove image
                      </Button>
                    )}
                  </div>
                </ImagePicker>
              )}
            </Field>
          </Wide>
        </Section>
        <Section title="Date/Time & Location">
          <Field label="Date" required error={errors.date?.message}>
            <Input type="date" {...form.register('date')} />
          </Field>
          <Field label="Time" required error={errors.time?.message}>
            <Input type="time" {...form.register('time')} />
          </Field>
          <Field label="City" required error={errors.city?.message}>
            <Select {...form.register('city')}>
              <Options values={EVENT_CITY_OPTIONS} />
            </Select>
          </Field>
          <Field label="Venue" required error={errors.venue?.message}>
            <Input placeholder="Stadium, area, city" {...form.register('venue')} />
          </Field>
          <Field label="Max Participants" required error={errors.maxParticipants?.message}>
            <Input type="number" min={1} step={1} {...form.register('maxParticipants', { setValueAs: asNumber })} />
          </Field>
          <Field label="Entry Fee (₹)" error={errors.price?.message}>
            <Input type="number" min={0} step={1} {...form.register('price', { setValueAs: asNumber })} />
          </Field>
          <Field
            label="Waiting-list offer hours"
            error={errors.offerHours?.message}
            hint="When seats free up, the next person on a sold-out ticket's waiting list has them held for this long (1–168)."
          >
            <Input type="number" min={1} max={168} step={1} {...form.register('offerHours', { setValueAs: asNumber })} />
          </Field>
        </Section>
        {/* Decision 031: the exemption and the place of supply; each ticket type carries its own rate. */}
        <Section title="GST">
          <Wide>
            <Controller
              control={form.control}
              name="recognisedSport"
              render={({ field }) => (
                <Switch
                  label="Recognised sporting event"
                  description="Admission up to ₹500 a person is exempt from GST (notification 12/2017-CT(R), entry 81); above it, each ticket type's rate applies."
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </Wide>
          <Field
            label="GST state (place of supply)"
            error={errors.gstState?.message}
            hint="Where the event takes place: the same state as your GST registration is CGST + SGST, another is IGST."
          >
            <Select {...form.register('gstState', { setValueAs: (v: unknown) => (v === '' || v == null ? null : v) })}>
              <option value="">Same as the organiser's (Settings → Tax)</option>
              {INDIAN_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.code} – {state.name}
                </option>
              ))}
            </Select>
          </Field>
        </Section>
        {/* Decision 060: the platform's convenience fee the buyer pays per ticket, GST on top. */}
        <Section title="Convenience fee">
          <ConvenienceFeeSection form={form} />
        </Section>
        <Section title="Contact Information">
          {/* The organiser is the event's organisation (decision 061): its name, not a text of the event's. */}
          <OrganiserNote>
            Organised by <strong>{event?.organiser.displayName ?? session.organisation?.displayName}</strong>, your organisation:
            buyers see its name on the event page, e-mails and tickets (Settings → Organisation).
          </OrganiserNote>
          <Field label="Contact Email" required error={errors.contactEmail?.message}>
            <Input type="email" {...form.register('contactEmail')} />
          </Field>
          <Field label="Contact Phone" required error={errors.contactPhone?.message}>
            <Input type="tel" {...form.register('contactPhone')} />
          </Field>
        </Section>
        <Section title="Additional Information">
          <Wide>{lines('highlights', 'Highlights', 'One per line; shown on the event page')}</Wide>
          <Wide>{lines('rules', 'Rules', 'One per line')}</Wide>
          <Wide>{lines('regulations', 'Regulations', 'One per line')}</Wide>
        </Section>
        {/* The event page, the e-mails, the ticket page and its PDF all show these words. */}
        <Section title="Notes for attendees">
          <Wide>
            <Field
              label="Arrival note"
              hint="When to arrive or join. Left as it is, buyers read it in their language."
              error={errors.arrivalNote?.message}
            >
              <Textarea rows={2} {...form.register('arrivalNote')} />
            </Field>
          </Wide>
          <Wide>
            <Field
              label="ID note"
              hint="What ID is checked at the gate; empty for none (an online event asks for none)."
              error={errors.idNote?.message}
            >
              <Textarea rows={2} {...form.register('idNote')} />
            </Field>
          </Wide>
        </Section>
        <Section title="Registration form">
          <RegistrationFormSection key={generation} form={form} eventId={event?.id} />
        </Section>
        <Section title="After the sale">
          <SelfServiceSection form={form} />
        </Section>
        {/* Shown to visitors reading in that language; left empty, they see the title and description above. */}
        <Section title="Hindi and Marathi (optional)">
          <Field label="Hindi title" error={errors.titleHi?.message}>
            <Input lang="hi" {...form.register('titleHi')} />
          </Field>
          <Field label="Marathi title" error={errors.titleMr?.message}>
            <Input lang="mr" {...form.register('titleMr')} />
          </Field>
          <Wide>
            <Field
              label="Hindi details"
              hint="Shown in place of the description to Hindi readers"
              error={errors.descriptionHi?.message}
            >
              <Textarea lang="hi" rows={3} {...form.register('descriptionHi')} />
            </Field>
          </Wide>
          <Wide>
            <Field
              label="Marathi details"
              hint="Shown in place of the description to Marathi readers"
              error={errors.descriptionMr?.message}
            >
              <Textarea lang="mr" rows={3} {...form.register('descriptionMr')} />
            </Field>
          </Wide>
        </Section>
      </form>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionBox>
      <legend>{title}</legend>
      <Grid>{children}</Grid>
    </SectionBox>
  );
}

const SectionBox = styled.fieldset`
  border: none;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const OrganiserNote = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const ImagePicker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};

  img {
    width: 160px;
    height: 90px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  > div {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

const Placeholder = styled.span`
  width: 160px;
  height: 90px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.textSubtle};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
