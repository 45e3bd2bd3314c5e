import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { BLOOD_GROUPS, EXPERIENCE_LEVELS, GENDERS, LIMITS, SHIRT_SIZES } from '@tdk/api/contract';
import { Button, Field, Input, Select, Textarea } from '@tdk/shared-ui';
import { titleCase } from '../events/filters';
import type { RegistrationErrors, RegistrationValues } from './validation';

export interface RegistrationFormProps {
  values: RegistrationValues;
  errors: RegistrationErrors;
  onChange: (values: RegistrationValues) => void;
  onSubmit: () => void;
  submitLabel: string;
  submitting?: boolean;
  /** Shown above the fields, e.g. the selected tickets. */
  intro?: ReactNode;
}

/** The public registration form of SPEC.md section 3, with its defaults and option lists. */
export function RegistrationFormView({ values, errors, onChange, onSubmit, submitLabel, submitting, intro }: RegistrationFormProps) {
  const titleId = useId();
  const set = (name: keyof RegistrationValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [name]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Form onSubmit={submit} noValidate aria-labelledby={titleId} data-testid="registration-form">
      <h2 id={titleId}>Participant Details</h2>
      {intro}
      <Grid>
        <Field label="Full Name" required error={errors.fullName}>
          <Input name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} />
        </Field>
        <Field label="Email" required error={errors.email}>
          <Input name="email" type="email" autoComplete="email" inputMode="email" value={values.email} onChange={set('email')} />
        </Field>
        <Field label="Phone Number" required error={errors.phone} hint="10 digits">
          <Input name="phone" type="tel" autoComplete="tel-national" inputMode="tel" value={values.phone} onChange={set('phone')} />
        </Field>
        <Field label="Age" required error={errors.age} hint={`Minimum ${LIMITS.minimumAge}`}>
          <Input name="age" type="number" inputMode="numeric" min={LIMITS.minimumAge} max={120} value={values.age} onChange={set('age')} />
        </Field>
        <Field label="Gender" error={errors.gender}>
          <Select name="gender" value={values.gender} onChange={set('gender')}>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {titleCase(gender)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="T-shirt Size" error={errors.tshirtSize}>
          <Select name="tshirtSize" value={values.tshirtSize} onChange={set('tshirtSize')}>
            {SHIRT_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Emergency Contact Name" required error={errors.emergencyContact}>
          <Input name="emergencyContact" value={values.emergencyContact} onChange={set('emergencyContact')} />
        </Field>
        <Field label="Emergency Contact Phone" required error={errors.emergencyPhone} hint="10 digits">
          <Input name="emergencyPhone" type="tel" inputMode="tel" value={values.emergencyPhone} onChange={set('emergencyPhone')} />
        </Field>
        <Field label="Blood Group" error={errors.bloodGroup} hint="Optional">
          <Select name="bloodGroup" value={values.bloodGroup} onChange={set('bloodGroup')}>
            <option value="">Select blood group</option>
            {BLOOD_GROUPS.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Experience Level" error={errors.experience}>
          <Select name="experience" value={values.experience} onChange={set('experience')}>
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {titleCase(level)}
              </option>
            ))}
          </Select>
        </Field>
        <Wide>
          <Field label="Medical Conditions" error={errors.medicalConditions} hint="Optional: allergies, injuries or anything the medical team should know">
            <Textarea name="medicalConditions" rows={3} value={values.medicalConditions} onChange={set('medicalConditions')} />
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
