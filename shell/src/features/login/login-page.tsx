import { Suspense, lazy, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '@tdk/shared-ui/router';
import { LOGIN_MESSAGES, loginSchema, type Role, type TwoFactorChallenge } from '@tdk/api/contract';
import { Button, Field, Input, Spinner, isApiError, useConfig, useSession } from '@tdk/shared-ui';
import { applyServerErrors, useSchemaForm } from '@tdk/shared-ui/forms';
import { ErrorText, Logo, Page, Panel, Visitors } from './login-frame';

// The code step (and the QR library with it) loads only when the platform asks for a code.
const TwoFactorStep = lazy(() => import('./two-factor-step'));

/** What the sign-in form says when the API refuses: one message for any wrong e-mail or password. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_MESSAGES.unexpected;
  if (error.status === 401) return LOGIN_MESSAGES.invalidCredentials;
  // Too many attempts: the API says how long to wait.
  if (error.status === 429) return error.message;
  return LOGIN_MESSAGES.failed;
}

/**
 * Where a member starts when they were going nowhere in particular: the dashboard's revenue is for
 * managers and admins; coordinators and support staff work in Registrations (and the gate from it).
 */
export const landingPath = (role: Role): string => (role === 'admin' || role === 'manager' ? '/admin' : '/admin/registrations');

/**
 * Where to go after signing in: the page they were sent here from (only a path on this site, never
 * an outside URL), or their landing page when that was none or the console's front door.
 */
export function returnPath(from: unknown, role: Role): string {
  const onThisSite = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//');
  return onThisSite && from.replace(/\/+$/, '') !== '/admin' ? from : landingPath(role);
}

export function LoginPage() {
  const session = useSession();
  const config = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const from = new URLSearchParams(location.search).get('from') ?? (location.state as { from?: string } | null)?.from;
  const form = useSchemaForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [twoFactor, setTwoFactor] = useState<TwoFactorChallenge | null>(null);

  // While recovery codes are on screen the session is not started yet, so this does not jump past them.
  if (session.status === 'signed-in') return <Navigate to={returnPath(from, session.user.role)} replace />;

  if (twoFactor) {
    return (
      <Page>
        <Panel as="div">
          <Logo to="/">{config.platformName}</Logo>
          <Suspense fallback={<Spinner label="Loading" />}>
            <TwoFactorStep
              challenge={twoFactor}
              onDone={(user) => navigate(returnPath(from, user.role), { replace: true })}
              onRestart={() => {
                setTwoFactor(null);
                form.reset({ email: form.getValues('email'), password: '' });
              }}
            />
          </Suspense>
        </Panel>
      </Page>
    );
  }

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const result = await session.signIn(email, password);
      if (result.twoFactor) {
        setTwoFactor(result.twoFactor);
        return;
      }
      navigate(returnPath(from, result.user.role), { replace: true });
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400 && applyServerErrors(caught, form.setError, ['email', 'password'])) return;
      form.setError('root.server', { type: 'server', message: loginErrorMessage(caught) });
    }
  });

  return (
    <Page>
      <Panel onSubmit={submit} noValidate aria-labelledby="login-title">
        <Logo to="/">{config.platformName}</Logo>
        <h1 id="login-title">Admin Login</h1>
        <p>Sign in with your staff account.</p>
        <Field label="Email" htmlFor="login-email" required error={errors.email?.message}>
          <Input id="login-email" type="email" autoComplete="username" {...form.register('email')} />
        </Field>
        <Field label="Password" htmlFor="login-password" required error={errors.password?.message}>
          <Input id="login-password" type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        {errors.root?.server && <ErrorText role="alert">{errors.root.server.message}</ErrorText>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </Button>
        <Link to="/login/forgot">Forgot your password?</Link>
        <Visitors>
          Looking for your tickets? Sign-in here is for staff. <Link to="/bookings">Find them in My bookings</Link>.
        </Visitors>
      </Panel>
    </Page>
  );
}
