import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Field, Input, getErrorMessage, useLanguage } from '@tdk/shared-ui';
import { applyServerErrors, useLazySchemaForm } from '@tdk/shared-ui/forms';
import { useBookingsT } from './i18n';
import { useRequestBookingsLink } from './queries';

const loadSchema = () => import('@tdk/api/contract/my-bookings').then((rules) => rules.bookingsLinkRequestSchema);

/**
 * The buyer's e-mail, for a one-time sign-in link to My bookings. What it says afterwards is the
 * same whether or not the e-mail has bookings (the API answers alike), so it tells nobody who booked.
 */
export function RequestLinkForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useBookingsT();
  const { language } = useLanguage();
  const headingId = useId();
  const request = useRequestBookingsLink();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useLazySchemaForm(loadSchema, { defaultValues: { email: '' } });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      await request.mutateAsync({ email: input.email, language });
      setSentTo(input.email);
    } catch (caught) {
      if (!applyServerErrors(caught, form.setError, ['email'])) setProblem(getErrorMessage(caught));
    }
  });

  if (sentTo) {
    return (
      <Box aria-labelledby={headingId}>
        <Heading id={headingId}>{t('bookings.sentTitle')}</Heading>
        <p role="status" data-testid="bookings-link-sent">
          {t('bookings.sent', { email: sentTo })}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            setSentTo(null);
            form.reset({ email: sentTo });
          }}
        >
          {t('bookings.sendAnother')}
        </Button>
      </Box>
    );
  }

  return (
    <Box aria-labelledby={headingId}>
      <Heading id={headingId}>{t('bookings.requestTitle')}</Heading>
      <p>{t('bookings.requestIntro')}</p>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} data-testid="bookings-link-form">
        <Field label={t('form.email')} required error={form.formState.errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
        </Field>
        {problem && (
          <Problem role="alert" data-testid="bookings-link-problem">
            {problem}
          </Problem>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('bookings.sendLink')}
        </Button>
      </form>
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 520px;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2,
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Problem = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
