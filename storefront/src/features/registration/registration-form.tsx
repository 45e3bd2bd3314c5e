import { useId, type FormEventHandler, type ReactNode } from 'react';
import styled from 'styled-components';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, LIMITS, SHIRT_SIZES } from '@tdk/api/contract';
import { Button, Field, Input, Select, Textarea, Options } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import type { RegistrationFormState } from './validation';

export interface RegistrationFormProps {
  /** The page's form (useRegistrationForm), so what was typed survives a switch of tab. */
  form: RegistrationFormState;
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

/** The public registration form of SPEC.md section 3, with its defaults and option lists. */
export function RegistrationFormView({ form, onSubmit, submitLabel, submitting, intro }: RegistrationFormProps) {
  const t = useStorefrontT();
  const titleId = useId();
  const { errors } = form.formState;
  const { register } = form;

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={titleId} data-testid="registration-form">
      <h2 id={titleId}>{t('form.title')}</h2>
      {intro}
      <Grid>
        <Field label={t('form.fullName')} required error={errors.fullName?.message}>
          <Input autoComplete="name" {...register('fullName')} />
        </Field>
        <Field label={t('form.email')} required error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
        <Field label={t('form.phone')} required error={errors.phone?.message} hint={t('form.tenDigits')}>
          <Input type="tel" autoComplete="tel-national" inputMode="tel" {...register('phone')} />
        </Field>
        <Field label={t('form.age')} required error={errors.age?.message} hint={t('form.minimumAge', { min: LIMITS.minimumAge })}>
          <Input type="number" inputMode="numeric" min={LIMITS.minimumAge} max={120} {...register('age')} />
        </Field>
        <Field label={t('form.gender')} error={errors.gender?.message}>
          <Select {...register('gender')}>
            <Options values={GENDERS} label={(gender) => t(GENDER_KEYS[gender])} />
          </Select>
        </Field>
        <Field label={t('form.shirtSize')} error={errors.tshirtSize?.message}>
          <Select {...register('tshirtSize')}>
            <Options values={SHIRT_SIZES} />
          </Select>
        </Field>
        <Field label={t('form.emergencyContact')} required error={errors.emergencyContact?.message}>
          <Input {...register('emergencyContact')} />
        </Field>
        <Field label={t('form.emergencyPhone')} required error={errors.emergencyPhone?.message} hint={t('form.tenDigits')}>
          <Input type="tel" inputMode="tel" {...register('emergencyPhone')} />
        </Field>
        <Field label={t('form.bloodGroup')} error={errors.bloodGroup?.message} hint={t('form.optional')}>
          <Select {...register('bloodGroup')}>
            <option value="">{t('form.selectBloodGroup')}</option>
            <Options values={BLOOD_GROUPS} />
          </Select>
        </Field>
        <Field label={t('form.experience')} error={errors.experience?.message}>
          <Select {...register('experience')}>
            <Options values={EXPERIENCE_LEVELS} label={(level) => t(EXPERIENCE_KEYS[level])} />
          </Select>
        </Field>
        <Wide>
          <Field label={t('form.medical')} error={errors.medicalConditions?.message} hint={t('form.medicalHint')}>
            <Textarea rows={3} {...register('medicalConditions')} />
          </Field>
        </Wide>
      </Grid>
      <Button type="submit" size="lg" fullWidth loading={submitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
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
