import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { newsletterSubscribeSchema, type NewsletterSubscribeResponse } from '@tdk/api/contract';
import { Button, Input, getErrorMessage, isApiError, useApi, useToast } from '@tdk/shared-ui';

/** The footer's e-mail box: validated here with the API's own schema, then POST /api/newsletter. */
export function NewsletterForm() {
  const api = useApi();
  const { toast } = useToast();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newsletterSubscribeSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid email format');
      return;
    }
    setError(null);
    setSending(true);
    try {
      const result = await api.post<NewsletterSubscribeResponse>('/api/newsletter', { email: parsed.data.email });
      setEmail('');
      if (result?.alreadySubscribed) {
        toast({ title: "You're already subscribed", description: `${parsed.data.email} is already on our list. Thanks for staying with us!` });
      } else {
        toast({ title: 'Subscribed!', description: 'Thanks for subscribing. New events will land in your inbox.', variant: 'success' });
      }
    } catch (caught) {
      const fieldError = isApiError(caught) ? caught.fields?.email : undefined;
      if (fieldError) setError(fieldError);
      else toast({ title: 'Subscription failed', description: getErrorMessage(caught), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Form onSubmit={submit} noValidate aria-label="Newsletter">
      <label htmlFor={inputId}>Get new events in your inbox</label>
      <Row>
        <Input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" loading={sending}>
          Subscribe
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
    color: #f8fafc;
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
  color: #fca5a5;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
