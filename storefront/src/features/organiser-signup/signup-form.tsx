import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { INDIAN_STATES } from '@tdk/api/contract';
import type { OrganisationSignupInput } from '@tdk/api/contract/organisations';
import { Button, Field, Input, Select, getErrorMessage } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm, useValidationText } from '@tdk/shared-ui/forms';
import { useSignupT } from './i18n';
import { useSignUp, useSlugAvailability } from './queries';
import { suggestSlug } from './slug-suggestion';

const loadSchema = () => import('@tdk/api/contract/organisations').then((rules) => rules.organisationSignupSchema);

const EMPTY: OrganisationSignupInput = {
  organisation: {
    displayName: '',
    slug: '',
    legalName: '',
    state: '' as OrganisationSignupInput['organisation']['state'],
    pan: '',
    gstin: '',
    contactEmail: '',
    contactPhone: '',
  },
  admin: { fullName: '', email: '', password: '' },
};

/** Every input of the form, for the API's field errors (a taken web address, a common password). */
const FIELDS = [
  'organisation.displayName',
  'organisation.slug',
  'organisation.legalName',
  'organisation.state',
  'organisation.pan',
  'organisation.gstin',
  'organisation.contactEmail',
  'organisation.contactPhone',
  'admin.fullName',
  'admin.email',
  'admin.password',
] as const;

/** How long the web address rests before it is checked: one request per pause in typing, not per key. */
const SLUG_CHECK_DELAY_MS = 400;

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The organiser's sign-up (decision 053): the organisation's profile and its first admin, checked
 * here by the API's own schema (contract/organisations.ts), the web address checked live. Once sent,
 * it says to open the link mailed to the admin's address.
 */
export function SignupForm({ linkHours }: { linkHours: number }) {
  const t = useSignupT();
  const text = useValidationText();
  const headingId = useId();
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const signUp = useSignUp();
  const [sent, setSent] = useState<{ email: string; organisation: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useLazySchemaForm(loadSchema, { defaultValues: EMPTY });
  const errors = form.formState.errors;
  const slugEdited = useRef(false);

  const slug = (form.watch('organisation.slug') ?? '').trim().toLowerCase();
  const settledSlug = useSettled(slug, SLUG_CHECK_DELAY_MS);
  const availability = useSlugAvailability(settledSlug, settledSlug === slug);
  const pageUrl = `/o/${slug || '…'}`;
  const slugStatus =
    slug === '' || errors.organisation?.slug
      ? undefined
      : settledSlug !== slug || availability.isFetching
        ? t('form.slugChecking')
        : availability.data?.available
          ? t('form.slugFree', { url: pageUrl })
          : undefined;
  const slugProblem =
    errors.organisation?.slug?.message ??
    (settledSlug === slug && availability.data && !availability.data.available && availability.data.problem
      ? text(availability.data.problem)
      : undefined);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const displayName = form.register('organisation.displayName', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited.current) form.setValue('organisation.slug', suggestSlug(event.target.value));
    },
  });
  const slugField = form.register('organisation.slug', {
    onChange: () => {
      slugEdited.current = true;
    },
  });

  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      await signUp.mutateAsync(input as OrganisationSignupInput);
      setSent({ email: input.admin.email, organisation: input.organisation.displayName });
    } catch (caught) {
      if (!applyServerErrors(caught, form.setError, FIELDS)) setProblem(getErrorMessage(caught));
    }
  });

  if (sent) {
    return (
      <Box aria-labelledby={headingId} data-testid="signup-sent">
        <h2 id={headingId} ref={sentHeading} tabIndex={-1}>
          {t('sent.title')}
        </h2>
        <p role="status">{t('sent.body', { email: sent.email, hours: linkHours, organisation: sent.organisation })}</p>
        <p>{t('sent.notArrived')}</p>
        <Button
          variant="outline"
          onClick={() => {
            setSent(null);
            slugEdited.current = false;
            form.reset(EMPTY);
          }}
        >
          {t('sent.again')}
        </Button>
      </Box>
    );
  }

  return (
    <Box aria-labelledby={headingId}>
      <h2 id={headingId}>{t('form.title')}</h2>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} data-testid="signup-form">
        <fieldset>
          <legend>{t('form.organisation')}</legend>
          <Field
            label={t('form.displayName')}
            required
            hint={t('form.displayNameHint')}
            error={errors.organisation?.displayName?.message}
          >
            <Input autoComplete="organization" {...displayName} />
          </Field>
          <Field label={t('form.slug')} required hint={slugStatus ?? t('form.slugHint', { url: pageUrl })} error={slugProblem}>
            <Input autoCapitalize="none" spellCheck={false} {...slugField} />
          </Field>
          <Field
            label={t('form.legalName')}
            required
            hint={t('form.legalNameHint')}
            error={errors.organisation?.legalName?.message}
          >
            <Input {...form.register('organisation.legalName')} />
          </Field>
          <Field label={t('form.state')} required error={errors.organisation?.state?.message}>
            <Select {...form.register('organisation.state')}>
              <option value="">{t('form.statePlaceholder')}</option>
              {INDIAN_STATES.map((state) => (
                <option key={state.code} value={state.code}>
                  {state.name}
                </option>
              ))}
            </Select>
          </Field>
          <Row>
            <Field label={t('form.pan')} required hint={t('form.panHint')} error={errors.organisation?.pan?.message}>
              <Input autoCapitalize="characters" spellCheck={false} maxLength={10} {...form.register('organisation.pan')} />
            </Field>
            <Field label={t('form.gstin')} hint={t('form.gstinHint')} error={errors.organisation?.gstin?.message}>
              <Input autoCapitalize="characters" spellCheck={false} maxLength={15} {...form.register('organisation.gstin')} />
            </Field>
          </Row>
          <Row>
            <Field
              label={t('form.contactEmail')}
              required
              hint={t('form.contactEmailHint')}
              error={errors.organisation?.contactEmail?.message}
            >
              <Input type="email" inputMode="email" autoComplete="email" {...form.register('organisation.contactEmail')} />
            </Field>
            <Field label={t('form.contactPhone')} required error={errors.organisation?.contactPhone?.message}>
              <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register('organisation.contactPhone')} />
            </Field>
          </Row>
        </fieldset>
        <fieldset>
          <legend>{t('form.admin')}</legend>
          <Field label={t('form.fullName')} required error={errors.admin?.fullName?.message}>
            <Input autoComplete="name" {...form.register('admin.fullName')} />
          </Field>
          <Field label={t('form.email')} required hint={t('form.emailHint')} error={errors.admin?.email?.message}>
            <Input type="email" inputMode="email" autoComplete="username" {...form.register('admin.email')} />
          </Field>
          <Field label={t('form.password')} required hint={t('form.passwordHint')} error={errors.admin?.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('admin.password')} />
          </Field>
        </fieldset>
        {problem && (
          <Problem role="alert" data-testid="signup-problem">
            {t('form.failed')}: {problem}
          </Problem>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('form.submit')}
        </Button>
      </form>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.lg} clamp(12px, 4vw, 24px);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  form,
  fieldset {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
    min-width: 0;
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin-bottom: ${({ theme }) => theme.space.sm};
    padding: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

/** Two fields side by side where there is room; one under the other on a phone. */
const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Problem = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
