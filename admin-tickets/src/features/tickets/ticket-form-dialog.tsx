import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  DEFAULT_GST_RATE,
  DEFAULT_TICKET_INCLUSIONS,
  GST_RATES,
  GENDERS,
  MAX_ATTENDEES_PER_ORDER,
  MAX_TICKETS_PER_LINE,
  TICKET_CATEGORIES,
  TICKET_SALE_SETTINGS,
  formatAgeGroups,
  formatWaves,
  parseAgeGroups,
  parseWaves,
  ticketInputSchema,
  type Ticket,
  type TicketInput,
  type TicketSaleSetting,
} from '@tdk/api/contract';
import {
  Button,
  Dialog,
  Field,
  Input,
  Select,
  Textarea,
  formatNumber,
  getErrorMessage,
  isApiError,
  useToast,
  Options,
} from '@tdk/shared-ui';
import { applyServerErrors, Controller, useSchemaForm } from '@tdk/shared-ui/forms';
import { useCreateTicket, useEventChoices, useEventQuestions, useUpdateTicket } from './queries';
import { GENDER_CHOICES, numberOrNull } from './ticket-rules';

const EMPTY: TicketInput = {
  eventId: 0,
  name: '',
  description: '',
  category: 'General',
  price: 0,
  quantity: 100,
  validFrom: '',
  validUntil: '',
  status: 'Active',
  minAge: null,
  maxAge: null,
  gender: null,
  teamMin: null,
  teamMax: null,
  teamPricing: 'member',
  // A new ticket type starts from the spec's three perks; staff say what this one really includes.
  inclusions: [...DEFAULT_TICKET_INCLUSIONS],
  bibFrom: null,
  bibTo: null,
  maxPerOrder: MAX_TICKETS_PER_LINE,
  // Decision 063: a race's age groups (none: the default bands) and distance.
  ageGroups: null,
  distanceKm: null,
  // Decision 070: a race's cut-off, H:MM:SS of gun time ('' none).
  cutOff: '',
  // Decision 068: a race's start waves and the question holding each runner's expected finish.
  waves: null,
  waveQuestionId: null,
  // Decision 031: the GST included in the price; admission to a sporting event is 18 %.
  gstRate: DEFAULT_GST_RATE,
};

/** What staff set, in words that say what it does. */
const SETTING_LABELS: Record<TicketSaleSetting, string> = { Active: 'Active (on sale)', Upcoming: 'Upcoming (not on sale)' };

const valuesOf = (ticket: Ticket): TicketInput => ({
  eventId: ticket.eventId,
  name: ticket.name,
  description: ticket.description,
  category: ((TICKET_CATEGORIES as readonly string[]).includes(ticket.category)
    ? ticket.category
    : 'General') as TicketInput['category'],
  price: ticket.price,
  quantity: ticket.quantity,
  validFrom: ticket.validFrom?.slice(0, 10) ?? '',
  validUntil: ticket.validUntil?.slice(0, 10) ?? '',
  status: ticket.setting,
  minAge: ticket.minAge,
  maxAge: ticket.maxAge,
  gender: ticket.gender,
  teamMin: ticket.teamMin,
  teamMax: ticket.teamMax,
  teamPricing: ticket.teamPricing,
  inclusions: ticket.inclusions,
  bibFrom: ticket.bibFrom,
  bibTo: ticket.bibTo,
  maxPerOrder: ticket.maxPerOrder,
  ageGroups: ticket.ageGroups ?? null,
  distanceKm: ticket.distanceKm ?? null,
  cutOff: ticket.cutOff ?? '',
  waves: ticket.waves ?? null,
  waveQuestionId: ticket.waveQuestionId ?? null,
  gstRate: ticket.gstRate ?? DEFAULT_GST_RATE,
});

const isTeamEntry = (ticket?: Ticket) => ticket !== undefined && (ticket.teamMin !== null || ticket.teamMax !== null);
const hasBibs = (ticket?: Ticket) => ticket !== undefined && (ticket.bibFrom !== null || ticket.bibTo !== null);

const asNumber = (value: unknown) => {
  const n = Number(value);
  return value === '' || Number.isNaN(n) ? 0 : n;
};

/**
 * Create New Ticket / Edit Ticket (SPEC.md sections 2 and 5); staff set whether it is on sale, and
 * the sold count and Sold Out / Expired are shown, not edited (decision 036). Issue
 * 23: who the category is for (ages on the event day, gender), a team entry, and a bib range; an
 * empty one sends null, and unticking Team entry or Bibs empties its fields.
 */
export function TicketFormDialog({ open, ticket, onClose }: { open: boolean; ticket?: Ticket; onClose: () => void }) {
  const { toast } = useToast();
  const events = useEventChoices();
  const create = useCreateTicket();
  const update = useUpdateTicket();
  const form = useSchemaForm(ticketInputSchema, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const eventId = form.watch('eventId');
  const eventName = events.data?.find((event) => event.id === eventId)?.title;
  const [team, setTeam] = useState(false);
  const [bibs, setBibs] = useState(false);
  // The age groups as staff type them ("18-29, 30-39, 60+"); the form holds the bands they read as.
  const [ageText, setAgeText] = useState('');
  const [ageProblem, setAgeProblem] = useState<string>();
  // The start waves as staff type them, one a line ("Wave A, 06:00, 0:50:00"); the form holds the list.
  const [waveText, setWaveText] = useState('');
  const [waveProblem, setWaveProblem] = useState<string>();
  const questions = useEventQuestions(typeof eventId === 'number' ? eventId : null);

  useEffect(() => {
    if (!open) return;
    form.reset(ticket ? valuesOf(ticket) : EMPTY);
    setTeam(isTeamEntry(ticket));
    setBibs(hasBibs(ticket));
    setAgeText(formatAgeGroups(ticket?.ageGroups));
    setAgeProblem(undefined);
    setWaveText(formatWaves(ticket?.waves));
    setWaveProblem(undefined);
  }, [open, ticket, form]);

  const typeWaves = (text: string) => {
    setWaveText(text);
    const read = parseWaves(text);
    if ('problem' in read) return setWaveProblem(read.problem);
    setWaveProblem(undefined);
    form.setValue('waves', read.length > 0 ? read : null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const typeAgeGroups = (text: string) => {
    setAgeText(text);
    const read = parseAgeGroups(text);
    if ('problem' in read) return setAgeProblem(read.problem);
    setAgeProblem(undefined);
    form.setValue('ageGroups', read.length > 0 ? read : null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  /** Empties the fields a checkbox hides, so a hidden field neither sends a value nor holds an error. */
  const clear = (values: Partial<TicketInput>) => {
    for (const [name, value] of Object.entries(values)) {
      form.setValue(name as keyof TicketInput, value as never, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };
  const toggleTeam = (on: boolean) => {
    setTeam(on);
    if (!on) clear({ teamMin: null, teamMax: null, teamPricing: 'member' });
  };
  const toggleBibs = (on: boolean) => {
    setBibs(on);
    if (!on) clear({ bibFrom: null, bibTo: null });
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      if (ticket) {
        await update.mutateAsync({ id: ticket.id, input: { ...input, updatedAt: ticket.updatedAt } });
        toast({ title: 'Success', description: `${input.name} has been updated successfully`, variant: 'success' });
      } else {
        await create.mutateAsync(input);
        toast({ title: 'Success', description: `${input.name} has been created successfully`, variant: 'success' });
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError);
      const message = isApiError(error) ? getErrorMessage(error) : 'Unknown error';
      toast({
        title: 'Error',
        description: `Failed to ${ticket ? 'update' : 'create'} ticket: ${message}`,
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={ticket ? 'Edit Ticket' : 'Create New Ticket'}
      description={eventName ? `For ${eventName}` : 'Pick the event this ticket belongs to.'}
      size="lg"
      closeOnBackdropClick={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="ticket-form" loading={isSubmitting}>
            {ticket ? 'Update Ticket' : 'Create Ticket'}
          </Button>
        </>
      }
    >
      <form
        id="ticket-form"
        onSubmit={(event) => {
          // Age groups that cannot be read are shown on their field and nothing is sent.
          if (ageProblem || waveProblem) event.preventDefault();
          else void submit(event);
        }}
        noValidate
      >
        <Grid>
          <Wide>
            <Field label="Event" required error={errors.eventId?.message}>
              <Select {...form.register('eventId', { setValueAs: asNumber })}>
                <option value={0}>Select an event</option>
                {events.data?.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title}
                  </option>
                ))}
              </Select>
            </Field>
          </Wide>
          <Field label="Ticket Name" required error={errors.name?.message}>
            <Input {...form.register('name')} />
          </Field>
          <Field label="Category" required error={errors.category?.message}>
            <Select {...form.register('category')}>
              <Options values={TICKET_CATEGORIES} />
            </Select>
          </Field>
          <Field label="Price (₹)" required error={errors.price?.message}>
            <Input type="number" min={0} step={0.01} {...form.register('price', { setValueAs: asNumber })} />
          </Field>
          <Field
            label="GST rate"
            hint="Included in the price buyers pay. At a recognised sporting event, admission up to ₹500 a person is exempt whatever the rate."
            error={errors.gstRate?.message}
          >
            <Select {...form.register('gstRate', { setValueAs: asNumber })}>
              {GST_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate} %
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Quantity" required error={errors.quantity?.message}>
            <Input type="number" min={1} step={1} {...form.register('quantity', { setValueAs: asNumber })} />
          </Field>
          <Field
            label="Maximum per order"
            hint={`Most tickets of this type one order may take (1–${MAX_ATTENDEES_PER_ORDER}). The storefront stops there and checkout refuses more.`}
            error={errors.maxPerOrder?.message}
          >
            <Input
              type="number"
              min={1}
              max={MAX_ATTENDEES_PER_ORDER}
              step={1}
              {...form.register('maxPerOrder', { setValueAs: numberOrNull })}
            />
          </Field>
          <Field
            label="Status"
            hint={
              ticket
                ? `Buyers see: ${ticket.status}. ${formatNumber(ticket.sold)} sold, counted from paid attendees; Sold Out and Expired follow from the seats and the valid dates.`
                : 'Sold Out and Expired follow from the seats and the valid dates.'
            }
            error={errors.status?.message}
          >
            <Select {...form.register('status')}>
              <Options values={TICKET_SALE_SETTINGS} label={(value) => SETTING_LABELS[value]} />
            </Select>
          </Field>
          <Field label="Valid From" error={errors.validFrom?.message}>
            <Input type="date" {...form.register('validFrom')} />
          </Field>
          <Field label="Valid Until" error={errors.validUntil?.message}>
            <Input type="date" {...form.register('validUntil')} />
          </Field>
          <Wide>
            <Controller
              control={form.control}
              name="inclusions"
              render={({ field, fieldState }) => (
                <Field
                  label="What's included"
                  hint="One per line; listed on the ticket's card in the storefront. Empty lists nothing."
                  error={fieldState.error?.message}
                >
                  <Textarea
                    rows={3}
                    value={(field.value ?? []).join('\n')}
                    onChange={(e) => field.onChange(e.target.value.split('\n'))}
                    onBlur={field.onBlur}
                  />
                </Field>
              )}
            />
          </Wide>
          <Wide>
            <Group legend="Who may enter" hint="Ages are whole years on the event day; leave empty for no limit.">
              <Field label="Minimum age" error={errors.minAge?.message}>
                <Input type="number" min={0} max={120} step={1} {...form.register('minAge', { setValueAs: numberOrNull })} />
              </Field>
              <Field label="Maximum age" error={errors.maxAge?.message}>
                <Input type="number" min={0} max={120} step={1} {...form.register('maxAge', { setValueAs: numberOrNull })} />
              </Field>
              <Field label="Category gender" error={errors.gender?.message}>
                <Select {...form.register('gender', { setValueAs: (value) => (value === '' ? null : value) })}>
                  <option value="">Any</option>
                  <Options values={GENDERS} label={(gender) => GENDER_CHOICES[gender]} />
                </Select>
              </Field>
            </Group>
          </Wide>
          <Wide>
            <CheckLabel>
              <input type="checkbox" checked={team} onChange={(e) => toggleTeam(e.target.checked)} />
              Team entry
            </CheckLabel>
            {team && (
              <Revealed>
                <Field label="Minimum members" error={errors.teamMin?.message}>
                  <Input type="number" min={2} max={50} step={1} {...form.register('teamMin', { setValueAs: numberOrNull })} />
                </Field>
                <Field label="Maximum members" error={errors.teamMax?.message}>
                  <Input type="number" min={2} max={50} step={1} {...form.register('teamMax', { setValueAs: numberOrNull })} />
                </Field>
                <Radios aria-describedby={errors.teamPricing ? 'team-pricing-error' : undefined}>
                  <legend>Price is</legend>
                  <CheckLabel>
                    <input type="radio" value="member" {...form.register('teamPricing')} />
                    Per member
                  </CheckLabel>
                  <CheckLabel>
                    <input type="radio" value="team" {...form.register('teamPricing')} />
                    Per team
                  </CheckLabel>
                  {errors.teamPricing && <ErrorText id="team-pricing-error">{errors.teamPricing.message}</ErrorText>}
                </Radios>
              </Revealed>
            )}
          </Wide>
          <Wide>
            <CheckLabel>
              <input type="checkbox" checked={bibs} onChange={(e) => toggleBibs(e.target.checked)} />
              Bibs
            </CheckLabel>
            {bibs && (
              <Revealed>
                <Field
                  label="First bib"
                  hint="Attendees are numbered from it in the order they pay"
                  error={errors.bibFrom?.message}
                >
                  <Input type="number" min={1} step={1} {...form.register('bibFrom', { setValueAs: numberOrNull })} />
                </Field>
                <Field label="Last bib" error={errors.bibTo?.message}>
                  <Input type="number" min={1} step={1} {...form.register('bibTo', { setValueAs: numberOrNull })} />
                </Field>
              </Revealed>
            )}
          </Wide>
          <Field label="Distance (km)" hint="A race's distance: its results show the pace" error={errors.distanceKm?.message}>
            <Input type="number" min={0} step="any" {...form.register('distanceKm', { setValueAs: numberOrNull })} />
          </Field>
          <Field
            label="Cut-off (gun time)"
            hint="Like 2:30:00. A results file with a finisher slower than it is refused"
            error={errors.cutOff?.message}
          >
            <Input inputMode="numeric" placeholder="H:MM:SS" {...form.register('cutOff')} />
          </Field>
          <Field
            label="Age groups"
            hint="Ages on the event day, like 18-29, 30-39, 40-49, 50-59, 60+. Empty: Under 18, 18–29, 30–39, 40–49, 50–59, 60+"
            error={ageProblem ?? errors.ageGroups?.message}
          >
            <Input value={ageText} onChange={(e) => typeAgeGroups(e.target.value)} />
          </Field>
          <Wide>
            <Field
              label="Start waves"
              hint="One a line: name, start time (India, on the event day), slowest expected finish. Like: Wave A, 06:00, 0:50:00 — the last wave without a finish time is open"
              error={waveProblem ?? errors.waves?.message}
            >
              <Textarea rows={3} value={waveText} onChange={(e) => typeWaves(e.target.value)} />
            </Field>
          </Wide>
          <Field
            label="Expected finish question"
            hint="The event's question whose answer places runners in a wave; a missing or unreadable answer goes to the last wave"
            error={errors.waveQuestionId?.message}
          >
            <Select {...form.register('waveQuestionId', { setValueAs: (v: string | null) => v || null })}>
              <option value="">None: waves by hand</option>
              {(questions.data ?? []).map((question) => (
                <option key={question.id} value={question.id}>
                  {question.label}
                </option>
              ))}
            </Select>
          </Field>
          <Wide>
            <Field label="Description" error={errors.description?.message}>
              <Textarea rows={3} {...form.register('description')} />
            </Field>
          </Wide>
        </Grid>
      </form>
    </Dialog>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

/** A titled group of fields, its hint read with the group. */
function Group({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  const id = `group-${legend.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <GroupBox aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <GroupHint id={`${id}-hint`}>{hint}</GroupHint>
      <Grid>{children}</Grid>
    </GroupBox>
  );
}

const GroupBox = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;

  legend {
    padding: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const GroupHint = styled.p`
  margin: 2px 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Revealed = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xs} 0 0 ${({ theme }) => theme.space.lg};
`;

const Radios = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;

  legend {
    padding: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  margin-right: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerHover};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
