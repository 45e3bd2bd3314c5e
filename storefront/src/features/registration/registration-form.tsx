import { useEffect, useId, type FormEventHandler, type ReactNode } from 'react';
import styled from 'styled-components';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, SHIRT_SIZES } from '@tdk/api/contract';
import { Button, Field, indiaDateKey, Input, Options, Select, Textarea } from '@tdk/shared-ui';
import { useWatch } from '@tdk/shared-ui/forms';
import { useStorefrontT } from '../i18n';
import type { AttendeeSlot } from './attendee-slots';
import type { CheckoutForm } from './use-checkout-form';

export interface RegistrationFormProps {
  /** The page's checkout form (useCheckoutForm), so what was typed survives a switch of tab. */
  checkout: CheckoutForm;
  /** One per ticket picked, in form order. */
  slots: readonly AttendeeSlot[];
  /** `form.handleSubmit(...)` of the page. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting?: boolean;
  /** Shown above the fields, e.g. the selected tickets. */
  intro?: ReactNode;
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

/** The earliest date of birth the contract accepts. */
const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * The checkout form (issue 23): the buyer once, then one form per attendee, each headed with its
 * ticket type and place ('Half Marathon, participant 2 of 3').
 */
export function RegistrationFormView({ checkout, slots, onSubmit, submitLabel, submitting, intro }: RegistrationFormProps) {
  const t = useStorefrontT();
  const titleId = useId();
  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={titleId} data-testid="registration-form">
      <h2 id={titleId}>{t('form.title')}</h2>
      {intro}
      <BuyerSection checkout={checkout} />
      {slots.map((slot, index) => (
        <AttendeeSection key={slot.key} checkout={checkout} slot={slot} first={index === 0} />
      ))}
      <Button type="submit" size="lg" fullWidth loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function BuyerSection({ checkout: { form } }: { checkout: CheckoutForm }) {
  const t = useStorefrontT();
  const headingId = useId();
  const errors = form.formState.errors.buyer;
  const { register } = form;
  return (
    <Group aria-labelledby={headingId} data-testid="buyer-form">
      <h3 id={headingId}>{t('buyer.title')}</h3>
      <Lead>{t('buyer.intro')}</Lead>
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
    </Group>
  );
}

function AttendeeSection({ checkout, slot, first }: { checkout: CheckoutForm; slot: AttendeeSlot; first: boolean }) {
  const t = useStorefrontT();
  const headingId = useId();
  const sameAsBuyerId = useId();
  const { form, attendeeNotes, sameAsBuyer, setSameAsBuyer, copyFromFirst } = checkout;
  const errors = form.formState.errors.attendees?.[slot.key];
  const { register } = form;
  const path = `attendees.${slot.key}` as const;
  const linked = first && sameAsBuyer === slot.key;
  const note = attendeeNotes[slot.key];
  // Attendees are other people: the browser's own details are offered only through 'Same as buyer'.
  const other = 'off';
  return (
    <Group aria-labelledby={headingId} data-testid="attendee-form" data-slot={slot.key}>
      <Head>
        <h3 id={headingId}>{t('attendee.heading', { ticket: slot.ticket.name, n: slot.n, of: slot.of })}</h3>
        {first ? (
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
            {t('attendee.copyFromFirst')}
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
        <Field label={t('form.email')} error={errors?.email?.message} hint={t('attendee.emailHint')}>
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
        <Field label={t('form.emergencyContact')} required error={errors?.emergencyContact?.message}>
          <Input autoComplete={other} {...register(`${path}.emergencyContact`)} />
        </Field>
        <Field label={t('form.emergencyPhone')} required error={errors?.emergencyPhone?.message} hint={t('form.phoneHint')}>
          <Input type="tel" autoComplete={other} inputMode="tel" {...register(`${path}.emergencyPhone`)} />
        </Field>
        <Field label={t('form.shirtSize')} error={errors?.tshirtSize?.message} hint={t('form.optional')}>
          <Select {...register(`${path}.tshirtSize`)}>
            <option value="">{t('form.choose')}</option>
            <Options values={SHIRT_SIZES} />
          </Select>
        </Field>
        <Field label={t('form.bloodGroup')} error={errors?.bloodGroup?.message} hint={t('form.optional')}>
          <Select {...register(`${path}.bloodGroup`)}>
            <option value="">{t('form.choose')}</option>
            <Options values={BLOOD_GROUPS} />
          </Select>
        </Field>
        <Field label={t('form.experience')} error={errors?.experience?.message} hint={t('form.optional')}>
          <Select {...register(`${path}.experience`)}>
            <option value="">{t('form.choose')}</option>
            <Options values={EXPERIENCE_LEVELS} label={(level) => t(EXPERIENCE_KEYS[level])} />
          </Select>
        </Field>
        <Wide>
          <Field label={t('form.medical')} error={errors?.medicalConditions?.message} hint={t('form.medicalHint')}>
            <Textarea rows={3} {...register(`${path}.medicalConditions`)} />
          </Field>
        </Wide>
      </Grid>
    </Group>
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

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
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
