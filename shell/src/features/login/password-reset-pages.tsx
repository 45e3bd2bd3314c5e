// A staff member who forgot their password (issue 27): /login/forgot asks for the address and
// says the same whatever it is; /login/reset?token=… (the e-mailed link) chooses the new one.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '@tdk/shared-ui/router';
import {
  choosePasswordFormSchema,
  MIN_STAFF_PASSWORD_LENGTH,
  PASSWORD_RESET_MESSAGES,
  passwordResetRequestSchema,
} from '@tdk/api/contract';
import { Button, Field, Input, callApi, isApiError, useApiClient, useConfig } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { ErrorText, Logo, Page, Panel } from './login-frame';

/** /login/forgot: the address to send a link to. */
export function ForgotPasswordPage() {
  const config = useConfig();
  const client = useApiClient();
  const form = useSchemaForm(passwordResetRequestSchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const [sent, setSent] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await callApi(client.api.auth['password-reset'].$post({ json: body }));
      setSent(answer.message);
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400 && applyServerErrors(caught, form.setError, ['email'])) return;
      form.setError('root.server', {
        type: 'server',
        message: isApiError(caught) ? caught.message : 'Something went wrong. Please try again.',
      });
    }
  });

  return (
    <Page>
      <Panel onSubmit={submit} noValidate aria-labelledby="forgot-title">
        <Logo to="/">{config.platformName}</Logo>
        <h1 id="forgot-title">Forgot your password?</h1>
        {sent ? (
          <>
            <p role="status">{sent}</p>
            <Link to="/login">Back to sign in</Link>
          </>
        ) : (
          <>
            <p>Enter your staff account's e-mail address and we will send you a link to choose a new password.</p>
            <Field label="Email" htmlFor="forgot-email" required error={errors.email?.message}>
              <Input id="forgot-email" type="email" autoComplete="username" {...form.register('email')} />
            </Field>
            {errors.root?.server && <ErrorText role="alert">{errors.root.server.message}</ErrorText>}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send the link'}
            </Button>
            <Link to="/login">Back to sign in</Link>
          </>
        )}
      </Panel>
    </Page>
  );
}

/**
 * /login/reset#token: the e-mailed link's page. The token travels in the fragment (issue 40), so no
 * server or proxy logs it; a link mailed before (`?token=`) still opens. Either way it leaves the
 * address bar at once and lives in the page's state.
 */
export function ResetPasswordPage() {
  const config = useConfig();
  const client = useApiClient();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => decodeURIComponent(location.hash.replace(/^#/, '').trim()) || params.get('token') || '');
  useEffect(() => {
    if (location.hash || params.has('token')) navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate, params]);
  const form = useSchemaForm(choosePasswordFormSchema, { defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;
  const [done, setDone] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : PASSWORD_RESET_MESSAGES.invalid);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await callApi(client.api.auth['password-reset'].complete.$post({ json: { token, password } }));
      setDone(answer.message);
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400 && caught.fields?.token) {
        setLinkProblem(caught.fields.token);
        return;
      }
      if (isApiError(caught) && caught.status === 400 && applyServerErrors(caught, form.setError, ['password'])) return;
      form.setError('root.server', {
        type: 'server',
        message: isApiError(caught) ? caught.message : 'Something went wrong. Please try again.',
      });
    }
  });

  return (
    <Page>
      <Panel onSubmit={submit} noValidate aria-labelledby="reset-title">
        <Logo to="/">{config.platformName}</Logo>
        <h1 id="reset-title">Choose a new password</h1>
        {done ? (
          <>
            <p role="status">{done}</p>
            <Button as={Link} to="/login">
              Sign in
            </Button>
          </>
        ) : linkProblem ? (
          <>
            <ErrorText role="alert">{linkProblem}</ErrorText>
            <Button as={Link} to="/login/forgot">
              Ask for a new link
            </Button>
          </>
        ) : (
          <>
            <p>At least {MIN_STAFF_PASSWORD_LENGTH} characters. Every other session of your account will be signed out.</p>
            <Field label="New password" htmlFor="reset-password" required error={errors.password?.message}>
              <Input id="reset-password" type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <Field label="Repeat the new password" htmlFor="reset-confirm" required error={errors.confirm?.message}>
              <Input id="reset-confirm" type="password" autoComplete="new-password" {...form.register('confirm')} />
            </Field>
            {errors.root?.server && <ErrorText role="alert">{errors.root.server.message}</ErrorText>}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save the new password'}
            </Button>
          </>
        )}
      </Panel>
    </Page>
  );
}
