import { useId, type FormEventHandler, type ReactNode } from 'react';
import styled from 'styled-components';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, LIMITS, SHIRT_SIZES } from '@tdk/api/contract';
import { Button, Field, Input, Select, Textarea, Options } from '@tdk/shared-ui';
import { titleCase } from '../events/filters';
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

/** The public registration form of SPEC.md section 3, with its defaults and option lists. */
export function RegistrationFormView({ form, onSubmit, submitLabel, submitting, intro }: RegistrationFormProps) {
  const titleId = useId();
  const { errors } = form.formState;
  const { register } = form;

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby={titleId} data-testid="registration-form">
      <h2 id={titleId}>Participant Details</h2>
      {intro}
      <Grid>
        <Field label="Full Name" required error={errors.fullName?.message}>
          <Input autoComplete="name" {...register('fullName')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
        <Field label="Phone Number" required error={errors.phone?.message} hint="10 digits">
          <Input type="tel" autoComplete="tel-national" inputMode="tel" {...register('phone')} />
        </Field>
        <Field label="Age" required error={errors.age?.message} hint={`Minimum ${LIMITS.minimumAge}`}>
          <Input type="number" inputMode="numeric" min={LIMITS.minimumAge} max={120} {...register('age')} />
        </Field>
        <Field label="Gender" error={errors.gender?.message}>
          <Select {...register('gender')}>
            <Options values={GENDERS} label={(gender) => titleCase(gender)} />
          </Select>
        </Field>
        <Field label="T-shirt Size" error={errors.tshirtSize?.message}>
          <Select {...register('tshirtSize')}>
            <Options values={SHIRT_SIZES} />
          </Select>
        </Field>
        <Field label="Emergency Contact Name" required error={errors.emergencyContact?.message}>
          <Input {...register('emergencyContact')} />
        </Field>
        <Field label="Emergency Contact Phone" required error={errors.emergencyPhone?.message} hint="10 digits">
          <Input type="tel" inputMode="tel" {...register('emergencyPhone')} />
        </Field>
        <Field label="Blood Group" error={errors.bloodGroup?.message} hint="Optional">
          <Select {...register('bloodGroup')}>
            <option value="">Select blood group</option>
            <Options values={BLOOD_GROUPS} />
          </Select>
        </Field>
        <Field label="Experience Level" error={errors.experience?.message}>
          <Select {...register('experience')}>
            <Options values={EXPERIENCE_LEVELS} label={(level) => titleCase(level)} />
          </Select>
        </Field>
        <Wide>
          <Field
            label="Medical Conditions"
            error={errors.medicalConditions?.message}
            hint="Optional: allergies, injuries or anything the medical team should know"
          >
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
