import { useEffect, useId, useRef, useState, type FormEventHandler, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  BLOOD_GROUPS,
  EXPERIENCE_LEVELS,
  GENDERS,
  GUARDIAN_RELATIONS,
  MAX_ATTENDEES_PER_ORDER,
  noticeForOrganiser,
  SHIRT_SIZES,
  type Ticket,
} from '@tdk/api/contract';
import { Button, Field, indiaDateKey, Input, Options, Select, Textarea, useConfig, useLanguage } from '@tdk/shared-ui';
import { useWatch } from '@tdk/shared-ui/forms';
import { useCheckoutT } from '../checkout-messages/i18n';
import { TeamSizeFact } from '../ticket-selection/ticket-facts-view';
import { perOrderMaximum } from '../ticket-selection/quantity';
import { copiedFromFirst, formGroups, teamSize, type AttendeeField, type AttendeeSlot, type TeamPlace } from './attendee-slots';
import { fieldMode } from './event-form';
import { BusinessDetails } from './business-details';
import { needsGuardian } from './guardian';
import { QuestionField } from './question-field';
import type { CheckoutForm } from './use-checkout-form';

export interface RegistrationFormProps {
  /** The page's checkout form (useCheckoutForm), so what was typed survives a switch of tab. */
  checkout: CheckoutForm;
  /** One per ticket picked (a team entry's: one per member), in form order. */
  slots: readonly AttendeeSlot[];
  /** `form.handleSubmit(...)` of the page. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting?: boolean;
  /** Shown above the fields, e.g. the selected tickets. */
  intro?: ReactNode;
  /** 'Add member' of a team, up to its ticket type's most. */
  onAddMember?: (team: TeamPlace, ticket: Ticket) => void;
  /** 'Remove member' of a team's member, down to its ticket type's fewest. */
  onRemoveMember?: (slot: AttendeeSlot) => void;
}

const GENDER_KEYS: Readonly<Record<(typeof GENDERS)[number], string>> = {
  male: 'gender.male',
  female: 'gender.female',
  other: 'gender.other',
};
const EXPERIENCE_KEYS: Readonly<Record<(typeof EXPERIENCE_LEVELS)[number], string>> = {
  beginner: 'experience.beginner',
  intermediate: 'experience.intermediate',
  advanced: 'experience.advanced',
  professional: 'experience.professional',
};

const RELATION_KEYS: Readonly<Record<(typeof GUARDIAN_RELATIONS)[number], string>> = {
  parent: 'guardian.relation.parent',
  guardian: 'guardian.relation.guardian',
};

/** The earliest date of birth the contract accepts. */
const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * The checkout form (issue 23): the buyer once, then one form per attendee, each headed with its
 * ticket type and place ('Half Marathon, participant 2 of 3'); a team entry's team with its name
 * once, then its members ('Relay 4×5K — Marine Drive Gazelles, member 2 of 4'). The API's word on
 * the event itself (its capacity) is said by the button.
 */
export function RegistrationFormView({
  checkout,
  slots,
  onSubmit,
  submitLabel,
  submitting,
  intro,
  onAddMember,
  onRemoveMember,
}: RegistrationFormProps) {
  const t = useCheckoutT();
  const titleId = useId();
  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={titleId} data-testid="registration-form">
      <h2 id={titleId}>{t('form.title')}</h2>
      {intro}
      <BuyerSection checkout={checkout} />
      {formGroups(slots).map((group) =>
        group.kind === 'attendee' ? (
          <AttendeeSection key={group.slot.key} checkout={checkout} slot={group.slot} first={group.index === 0} />
        ) : (
          <TeamSection
            key={group.team.key}
            checkout={checkout}
            team={group.team}
            ticket={group.ticket}
            members={group.members}
            // No more members than places left of the type, nor than an order holds, nor than the
            // type's maximum per order (decision 027).
            noRoom={
              slots.length >= MAX_ATTENDEES_PER_ORDER ||
              slots.filter((slot) => slot.ticket.id === group.ticket.id).length >=
                Math.min(group.ticket.available, perOrderMaximum(group.ticket))
            }
            onAdd={onAddMember}
            onRemove={onRemoveMember}
          />
        ),
      )}
      {checkout.registers && <PrivacyConsent checkout={checkout} />}
      {checkout.eventProblem && (
        <EventAlert role="alert" tabIndex={-1} data-invalid-note data-testid="event-problem">
          {checkout.eventProblem}
        </EventAlert>
      )}
      <Button type="submit" size="lg" fullWidth loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * A team entry's team: its name once (sent with each member), its members, and 'Add member' up to
 * its ticket type's most ('Remove member' on each while it has more than its fewest). The keyboard
 * goes to a new member's first field, and after a removal to 'Add member'.
 */
function TeamSection({
  checkout,
  team,
  ticket,
  members,
  noRoom,
  onAdd,
  onRemove,
}: {
  checkout: CheckoutForm;
  team: TeamPlace;
  ticket: Ticket;
  members: { slot: AttendeeSlot; index: number }[];
  noRoom: boolean;
  onAdd?: (team: TeamPlace, ticket: Ticket) => void;
  onRemove?: (slot: AttendeeSlot) => void;
}) {
  const t = useCheckoutT();
  const headingId = useId();
  const { form } = checkout;
  const error = form.formState.errors.teams?.[team.key]?.message;
  const { min, max } = teamSize(ticket);
  const root = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [moved, setMoved] = useState<'added' | 'removed' | null>(null);
  const count = members.length;
  useEffect(() => {
    if (!moved) return;
    setMoved(null);
    if (moved === 'removed') addButton.current?.focus();
    else {
      const forms = root.current?.querySelectorAll<HTMLElement>('[data-testid="attendee-form"]');
      forms?.[forms.length - 1]?.querySelector<HTMLElement>('input:not([type="checkbox"])')?.focus();
    }
  }, [count, moved]);
  return (
    <Team ref={root} role="group" aria-labelledby={headingId} data-testid="team-form" data-team={team.key}>
      <Head>
        <h3 id={headingId}>{t('team.heading', { ticket: ticket.name, n: team.n, of: team.of })}</h3>
        <TeamSizeFact ticket={ticket} />
      </Head>
      <Field label={t('team.name')} required error={error} hint={t('team.nameHint')}>
        <Input autoComplete="off" maxLength={100} {...form.register(`teams.${team.key}`)} />
      </Field>
      {members.map(({ slot, index }) => (
        <AttendeeSection
          key={slot.key}
          checkout={checkout}
          slot={slot}
          first={index === 0}
          onRemove={
            onRemove && count > min
              ? () => {
                  setMoved('removed');
                  onRemove(slot);
                }
              : undefined
          }
        />
      ))}
      {onAdd && (
        <TeamActions>
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            size="sm"
            disabled={count >= max || noRoom}
            onClick={() => {
              setMoved('added');
              onAdd(team, ticket);
            }}
          >
            {t('team.addMember')}
          </Button>
          {min !== max && <small>{t('team.members', { count, number: count, min, max })}</small>}
        </TeamActions>
      )}
    </Team>
  );
}

function BuyerSection({ checkout: { form, emailNotifications } }: { checkout: CheckoutForm }) {
  const t = useCheckoutT();
  const headingId = useId();
  const errors = form.formState.errors.buyer;
  const { register } = form;
  return (
    <Group aria-labelledby={headingId} data-testid="buyer-form">
      <h3 id={headingId}>{t('buyer.title')}</h3>
      <Lead>{t(emailNotifications ? 'buyer.intro' : 'buyer.introNoEmail')}</Lead>
      <Grid>
        <Field label={t('form.fullName')} required error={errors?.fullName?.message}>
          <Input autoComplete="name" {...register('buyer.fullName')} />
        </Field>
        <Field label={t('form.email')} required error={errors?.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('buyer.email')} />
        </Field>
        <Field label={t('form.phone')} required error={errors?.phone?.message} hint={t('form.phoneHint')}>
          <Input type="tel" autoComplete="tel" inputMode="tel" {...register('buyer.phone')} />
        </Field>
      </Grid>
      <BusinessDetails form={form} />
    </Group>
  );
}

/** A team member's heading names their team as typed so far ('Team 1' before a name is given). */
function MemberHeading({ checkout, slot, id }: { checkout: CheckoutForm; slot: AttendeeSlot & { team: TeamPlace }; id: string }) {
  const t = useCheckoutT();
  const name = useWatch({ control: checkout.form.control, name: `teams.${slot.team.key}` });
  const team = (typeof name === 'string' && name.trim()) || t('team.unnamed', { n: slot.team.n });
  return <h4 id={id}>{t('attendee.memberHeading', { ticket: slot.ticket.name, team, n: slot.n, of: slot.of })}</h4>;
}

/**
 * One attendee's fields: their details, the event's built-in fields as it asks them, and its
 * questions for their ticket type. `alone` draws one attendee by themselves (My bookings' change
 * and transfer), without 'Same as buyer' or the copy from the first attendee.
 */
export function AttendeeSection({
  checkout,
  slot,
  first,
  onRemove,
  alone = false,
  heading,
}: {
  checkout: CheckoutForm;
  slot: AttendeeSlot;
  first: boolean;
  onRemove?: () => void;
  alone?: boolean;
  /** The section's heading, in place of the ticket type and place. */
  heading?: string;
}) {
  const t = useCheckoutT();
  const headingId = useId();
  const sameAsBuyerId = useId();
  const { form, emailNotifications, attendeeNotes, sameAsBuyer, setSameAsBuyer, copyFromFirst, fieldModes } = checkout;
  const errors = form.formState.errors.attendees?.[slot.key];
  const { register } = form;
  const path = `attendees.${slot.key}` as const;
  const linked = first && sameAsBuyer === slot.key;
  const note = attendeeNotes[slot.key];
  // Attendees are other people: the browser's own details are offered only through 'Same as buyer'.
  const other = 'off';
  // The built-in fields as the event asks them: hidden ones not drawn, required ones marked.
  const mode = (field: AttendeeField) => fieldMode(fieldModes, field);
  const shown = (field: AttendeeField) => mode(field) !== 'hidden';
  const required = (field: AttendeeField) => mode(field) === 'required';
  const optionalHint = (field: AttendeeField) => (required(field) ? undefined : t('form.optional'));
  const copiesEmergency = copiedFromFirst(fieldModes).length > 1;
  return (
    <Group aria-labelledby={headingId} data-testid="attendee-form" data-slot={slot.key}>
      <Head>
        {heading ? (
          <h3 id={headingId}>{heading}</h3>
        ) : slot.team ? (
          <MemberHeading checkout={checkout} slot={{ ...slot, team: slot.team }} id={headingId} />
        ) : (
          <h3 id={headingId}>{t('attendee.heading', { ticket: slot.ticket.name, n: slot.n, of: slot.of })}</h3>
        )}
        {alone ? null : first ? (
          <Check>
            <input
              type="checkbox"
              id={sameAsBuyerId}
              checked={linked}
              onChange={(event) => setSameAsBuyer(slot.key, event.target.checked)}
            />
            <label htmlFor={sameAsBuyerId}>{t('attendee.sameAsBuyer')}</label>
            {linked && <FollowBuyer checkout={checkout} slotKey={slot.key} />}
          </Check>
        ) : (
          <CopyButton type="button" variant="outline" size="sm" onClick={() => copyFromFirst(slot.key)}>
            {copiesEmergency ? t('attendee.copyFromFirst') : t('attendee.copyPhoneFromFirst')}
          </CopyButton>
        )}
        {onRemove && (
          <CopyButton
            type="button"
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('team.removeMemberNamed', { n: slot.n })}
          >
            {t('team.removeMember')}
          </CopyButton>
        )}
      </Head>
      {note && (
        <Note role="alert" tabIndex={-1} data-invalid-note>
          {note}
        </Note>
      )}
      <Grid>
        <Field label={t('form.fullName')} required error={errors?.fullName?.message}>
          <Input autoComplete={other} readOnly={linked} {...register(`${path}.fullName`)} />
        </Field>
        <Field
          label={t('form.email')}
          error={errors?.email?.message}
          hint={t(emailNotifications ? 'attendee.emailHint' : 'attendee.emailHintNoEmail')}
        >
          <Input type="email" autoComplete={other} inputMode="email" readOnly={linked} {...register(`${path}.email`)} />
        </Field>
        <Field label={t('form.phone')} required error={errors?.phone?.message} hint={t('form.phoneHint')}>
          <Input type="tel" autoComplete={other} inputMode="tel" readOnly={linked} {...register(`${path}.phone`)} />
        </Field>
        <Field label={t('form.dateOfBirth')} required error={errors?.dateOfBirth?.message}>
          <Input
            type="date"
            autoComplete={other}
            min={EARLIEST_BIRTH_DATE}
            max={indiaDateKey()}
            {...register(`${path}.dateOfBirth`)}
          />
        </Field>
        <Field label={t('form.gender')} required error={errors?.gender?.message}>
          <Select {...register(`${path}.gender`)}>
            <option value="">{t('form.choose')}</option>
            <Options values={GENDERS} label={(gender) => t(GENDER_KEYS[gender])} />
          </Select>
        </Field>
        <GuardianFields checkout={checkout} slotKey={slot.key} />
        {(shown('bloodGroup') || shown('medicalConditions')) && (
          <Wide>
            <HealthWhy data-testid="health-reason">
              {checkout.healthReason ? t('form.healthWhy', { reason: checkout.healthReason }) : t('form.healthWhyDefault')}
            </HealthWhy>
          </Wide>
        )}
        {shown('emergencyContact') && (
          <Field
            label={t('form.emergencyContact')}
            required={required('emergencyContact')}
            error={errors?.emergencyContact?.message}
            hint={optionalHint('emergencyContact')}
          >
            <Input autoComplete={other} {...register(`${path}.emergencyContact`)} />
          </Field>
        )}
        {shown('emergencyPhone') && (
          <Field
            label={t('form.emergencyPhone')}
            required={required('emergencyPhone')}
            error={errors?.emergencyPhone?.message}
            hint={t('form.phoneHint')}
          >
            <Input type="tel" autoComplete={other} inputMode="tel" {...register(`${path}.emergencyPhone`)} />
          </Field>
        )}
        {shown('tshirtSize') && (
          <Field
            label={t('form.shirtSize')}
            required={required('tshirtSize')}
            error={errors?.tshirtSize?.message}
            hint={optionalHint('tshirtSize')}
          >
            <Select {...register(`${path}.tshirtSize`)}>
              <option value="">{t('form.choose')}</option>
              <Options values={SHIRT_SIZES} />
            </Select>
          </Field>
        )}
        {shown('bloodGroup') && (
          <Field
            label={t('form.bloodGroup')}
            required={required('bloodGroup')}
            error={errors?.bloodGroup?.message}
            hint={optionalHint('bloodGroup')}
          >
            <Select {...register(`${path}.bloodGroup`)}>
              <option value="">{t('form.choose')}</option>
              <Options values={BLOOD_GROUPS} />
            </Select>
          </Field>
        )}
        {shown('experience') && (
          <Field
            label={t('form.experience')}
            required={required('experience')}
            error={errors?.experience?.message}
            hint={optionalHint('experience')}
          >
            <Select {...register(`${path}.experience`)}>
              <option value="">{t('form.choose')}</option>
              <Options values={EXPERIENCE_LEVELS} label={(level) => t(EXPERIENCE_KEYS[level])} />
            </Select>
          </Field>
        )}
        {shown('medicalConditions') && (
          <Wide>
            <Field
              label={t('form.medical')}
              required={required('medicalConditions')}
              error={errors?.medicalConditions?.message}
              hint={required('medicalConditions') ? t('form.medicalHintRequired') : t('form.medicalHint')}
            >
              <Textarea rows={3} {...register(`${path}.medicalConditions`)} />
            </Field>
          </Wide>
        )}
        {/* The event's own questions for this attendee's ticket type, after the built-in fields. */}
        {slot.questions.map((question) => (
          <QuestionField key={question.id} checkout={checkout} slotKey={slot.key} question={question} />
        ))}
      </Grid>
    </Group>
  );
}

/**
 * A child's parent or guardian (decision 030): asked once the date of birth makes the attendee under
 * 18 on the event day; their name, relation, phone and consent.
 */
function GuardianFields({ checkout, slotKey }: { checkout: CheckoutForm; slotKey: string }) {
  const t = useCheckoutT();
  const { form, eventDate, registers } = checkout;
  const born = useWatch({ control: form.control, name: `attendees.${slotKey}.dateOfBirth` as const }) as string | undefined;
  const consentId = useId();
  if (!registers || !needsGuardian(born, eventDate)) return null;
  const path = `guardians.${slotKey}` as const;
  const errors = form.formState.errors.guardians?.[slotKey];
  return (
    <Wide>
      <GuardianBox aria-label={t('guardian.heading')} data-testid="guardian-fields">
        <strong>{t('guardian.heading')}</strong>
        <p>{t('guardian.why')}</p>
        <Grid>
          <Field label={t('guardian.name')} required error={errors?.name?.message}>
            <Input autoComplete="off" {...form.register(`${path}.name`)} />
          </Field>
          <Field label={t('guardian.relation')} required error={errors?.relation?.message}>
            <Select {...form.register(`${path}.relation`)}>
              <option value="">{t('form.choose')}</option>
              <Options values={GUARDIAN_RELATIONS} label={(relation) => t(RELATION_KEYS[relation])} />
            </Select>
          </Field>
          <Field label={t('guardian.phone')} required error={errors?.phone?.message}>
            <Input type="tel" inputMode="tel" autoComplete="off" {...form.register(`${path}.phone`)} />
          </Field>
        </Grid>
        <Check>
          <input
            type="checkbox"
            id={consentId}
            aria-invalid={errors?.consent ? true : undefined}
            {...form.register(`${path}.consent`)}
          />
          <label htmlFor={consentId}>{t('guardian.consent')}</label>
        </Check>
        {errors?.consent?.message && <ErrorText role="alert">{errors.consent.message}</ErrorText>}
      </GuardianBox>
    </Wide>
  );
}

/** The privacy notice, standalone, and the box that consents to it (decision 030). */
function PrivacyConsent({ checkout: { form, organiser, retentionDays } }: { checkout: CheckoutForm }) {
  const t = useCheckoutT();
  const { privacyNotice } = useConfig();
  const { language } = useLanguage();
  const consentId = useId();
  const noticeId = useId();
  const error = form.formState.errors.privacyConsent?.message;
  // The event's organisation collects the data, the platform processes it (decision 055).
  const text = noticeForOrganiser(
    privacyNotice.text[language] || privacyNotice.text.en,
    organiser || t('privacy.theOrganiser'),
    language,
    retentionDays,
  );
  return (
    <NoticeBox aria-labelledby={noticeId} data-testid="privacy-notice">
      <h3 id={noticeId}>{t('privacy.heading')}</h3>
      <NoticeText tabIndex={0}>{text}</NoticeText>
      <Check>
        <input type="checkbox" id={consentId} aria-invalid={error ? true : undefined} {...form.register('privacyConsent')} />
        <label htmlFor={consentId}>{t('privacy.consent')}</label>
      </Check>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </NoticeBox>
  );
}

/** While 'Same as buyer' is ticked, the first attendee's name, e-mail and phone follow the buyer's. */
function FollowBuyer({ checkout: { form, setSameAsBuyer }, slotKey }: { checkout: CheckoutForm; slotKey: string }) {
  const buyer = useWatch({ control: form.control, name: 'buyer' });
  const { fullName, email, phone } = buyer ?? {};
  useEffect(() => {
    setSameAsBuyer(slotKey, true);
  }, [setSameAsBuyer, slotKey, fullName, email, phone]);
  return null;
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    padding: ${({ theme }) => theme.space.lg};
  }

  h3,
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
`;

/** A team: its name and members, set apart from the attendees on their own. */
const Team = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    padding: ${({ theme }) => theme.space.lg};
  }

  & > div > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    overflow-wrap: anywhere;
  }
`;

const TeamActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The API's word on the event itself, by the button that sends the order. */
const EventAlert = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.tones.red.fg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

const Check = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 32px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};

  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  label {
    cursor: pointer;
  }
`;

/** The copy button's words are long: they wrap on a phone rather than overflow. */
const CopyButton = styled(Button)`
  && {
    white-space: normal;
    text-align: start;
    padding-block: 6px;
  }
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.lg};

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const HealthWhy = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const GuardianBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const NoticeBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  h3 {
    margin: 0;
  }
`;

/** The notice scrolls inside its box on a phone rather than pushing the button a screen away. */
const NoticeText = styled.div`
  max-height: 12rem;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  white-space: pre-line;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.tones.red.fg};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
