import { useEffect, useId, useRef } from 'react';
import { newsletterSubscribeSchema } from '@tdk/api/contract';
import { Button, Input, getErrorMessage, useLanguage, useToast } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { useStorefrontT } from '../i18n';
import { EMAIL_INPUT, ErrorText, Form, Row } from './newsletter-layout';
import { useSubscribeToNewsletter } from './queries';

/**
 * The footer's e-mail box: validated here with the API's own schema, then POST /api/newsletter in
 * the visitor's language. The answer is the same for every address (decision 029): the visitor is
 * asked to open the link mailed to them.
 */
export function NewsletterForm({
  initialEmail = '',
  focus = false,
  submit: submitAtOnce = false,
}: {
  /** Taking over from the footer's stand-in: what was typed there, whether it had the focus, and whether it was sent. */
  initialEmail?: string;
  focus?: boolean;
  submit?: boolean;
} = {}) {
  const t = useStorefrontT();
  const { language } = useLanguage();
  const { toast } = useToast();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const form = useSchemaForm(newsletterSubscribeSchema, { defaultValues: { email: initialEmail } });
  // Taking over from the footer's stand-in (deferred-newsletter-form.tsx) where the visitor was typing.
  const tookOver = useRef(false);
  const subscribe = useSubscribeToNewsletter();
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit(async (input) => {
    try {
      await subscribe.mutateAsync({ email: input.email, language });
      // Empty, not back to what the stand-in handed over (the form's default values).
      form.reset({ email: '' });
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

  useEffect(() => {
    if (tookOver.current) return;
    tookOver.current = true;
    if (focus) form.setFocus('email');
    if (submitAtOnce) void submit();
  }, [focus, form, submit, submitAtOnce]);

  return (
    <Form onSubmit={submit} noValidate aria-label={t('footer.newsletter')}>
      <label htmlFor={inputId}>{t('newsletter.label')}</label>
      <Row>
        <Input
          id={inputId}
          {...EMAIL_INPUT}
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
