import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, Button, Field, Input, useConfig, useSession } from '@tdk/shared-ui';

/** SPEC.md section 8's login messages, chosen from the API's error code. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'An unexpected error occurred';
  if (error.code === 'user_not_found') return 'User not found. Please contact administrator.';
  if (error.code === 'invalid_password') return 'Invalid password';
  if (error.status === 429) return error.message;
  return 'Login failed. Please try again.';
}

/** Where to go after signing in: only a path on this site, never an outside URL. */
export function returnPath(from: unknown): string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/admin';
}

export function LoginPage() {
  const session = useSession();
  const config = useConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnPath(new URLSearchParams(location.search).get('from') ?? (location.state as { from?: string } | null)?.from);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session.status === 'signed-in') return <Navigate to={from} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await session.signIn(email.trim(), password);
      navigate(from, { replace: true });
    } catch (caught) {
      setError(loginErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page>
      <Panel onSubmit={submit} aria-labelledby="login-title">
        <Logo to="/">{config.platformName}</Logo>
        <h1 id="login-title">Admin Login</h1>
        <p>Sign in with your staff account.</p>
        <Field label="Email" htmlFor="login-email">
          <Input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Password" htmlFor="login-password">
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
      </Panel>
    </Page>
  );
}

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 16px;
  background: linear-gradient(135deg, #fff7f2, #eef4ff);
`;

const Panel = styled.form`
  width: 100%;
  max-width: 400px;
  background: #fff;
  border-radius: 16px;
  padding: 32px 28px;
  box-shadow: 0 10px 30px rgba(17, 24, 39, 0.1);
  display: grid;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  p {
    margin: -8px 0 0;
    color: #6b7280;
  }
`;

const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: none;
`;

const ErrorText = styled.p`
  && {
    margin: 0;
    color: #b91c1c;
    background: #fef2f2;
    border-radius: 8px;
    padding: 10px 12px;
  }
`;
