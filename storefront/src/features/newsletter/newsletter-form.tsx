import { useId } from 'react';
import styled from 'styled-components';
import { newsletterSubscribeSchema } from '@tdk/api/contract';
import { Button, Input, getErrorMessage, useLanguage, useToast } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useStorefrontT } from '../i18n';
import { useSubscribeToNewsletter } from './queries';

/**
 * The footer's e-mail box: validated here with the API's own schema, then POST /api/newsletter in
 * the visitor's language. The answer is the same for every address (decision 029): the visitor is
 * asked to open the link mailed to them.
 */
export function NewsletterForm() {
  const t = useStorefrontT();
  const { language } = useLanguage();
  const { toast } = useToast();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const form = useSchemaForm(newsletterSubscribeSchema, { defaultValues: { email: '' } });
  const subscribe = useSubscribeToNewsletter();
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit(async (input) => {
    try {
      await subscribe.mutateAsync({ email: input.email, language });
      form.reset();
      toast({
        title: t('newsletter.checkInboxTitle'),
        description: t('newsletter.checkInbox', { email: input.email }),
        variant: 'success',
      });
    } catch (caught) {
      if (!applyServerErrors(caught, form.setError, ['email'])) {
        toast({ title: t('newsletter.failed'), description: getErrorMessage(caught), variant: 'destructive' });
      }
    }
  });

  return (
    <Form onSubmit={submit} noValidate aria-label={t('footer.newsletter')}>
      <label htmlFor={inputId}>{t('newsletter.label')}</label>
      <Row>
        <Input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('newsletter.subscribe')}
        </Button>
      </Row>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  label {
    color: ${({ theme }) => theme.colors.onInverse};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};

  input {
    flex: 1 1 200px;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.tones.red.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
