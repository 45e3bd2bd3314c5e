// The second step of signing in while Two-Factor Authentication is on (Settings, Security):
// enrolling an authenticator app by QR code, entering a 6-digit code, and the recovery codes shown
// once after enrolling. Loaded only when the password step asks for it.
import { useState, type FormEvent } from 'react';
import QRCode from 'react-qr-code';
import styled from 'styled-components';
import type { StaffUser, TwoFactorChallenge } from '@tdk/api/contract';
import { Button, Field, Input, isApiError, useSession } from '@tdk/shared-ui';

export default function TwoFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  /** Signed in as `user`: the page goes on to where they were going. */
  onDone: (user: StaffUser) => void;
  onRestart: () => void;
}) {
  const session = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<{ codes: string[]; start: () => Promise<void>; user: StaffUser } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i.test(code.trim())) {
      setError('Enter the 6-digit code from your authenticator app, or a recovery code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await session.completeTwoFactor(challenge.challenge, code.trim());
      if (result.recoveryCodes?.length) setRecovery({ codes: result.recoveryCodes, start: result.start, user: result.user });
      else {
        await result.start();
        onDone(result.user);
      }
    } catch (caught) {
      if (isApiError(caught) && caught.status === 401 && !caught.fields?.code) onRestart();
      setError(isApiError(caught) ? caught.message : 'Login failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (recovery) {
    return (
      <Step aria-labelledby="recovery-title">
        <h1 id="recovery-title">Save your recovery codes</h1>
        <p>Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.</p>
        <Codes aria-label="Recovery codes">
          {recovery.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </Codes>
        <Button
          onClick={() => {
            void recovery.start().then(() => onDone(recovery.user));
          }}
        >
          I have saved them, continue
        </Button>
      </Step>
    );
  }

  return (
    <Step as="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-labelledby="two-factor-title">
      {challenge.step === 'enrol' ? (
        <>
          <h1 id="two-factor-title">Set up two-factor sign-in</h1>
          <p>
            Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then enter the
            6-digit code it shows.
          </p>
          <QrBox>
            <QRCode value={challenge.otpauthUrl} size={168} title="QR code to add this account to an authenticator app" />
          </QrBox>
          <p>
            Or type this key: <SecretKey data-testid="two-factor-secret">{challenge.secret}</SecretKey>
          </p>
        </>
      ) : (
        <>
          <h1 id="two-factor-title">Enter your code</h1>
          <p>Open your authenticator app and enter the 6-digit code for this account, or one of your recovery codes.</p>
        </>
      )}
      <Field label="Authentication code" htmlFor="two-factor-code" required error={error}>
        <Input
          id="two-factor-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={11}
        />
      </Field>
      <Button type="submit" loading={busy}>
        Verify
      </Button>
      <Button variant="ghost" onClick={onRestart}>
        Back to sign in
      </Button>
    </Step>
  );
}

const Step = styled.div`
  display: grid;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const QrBox = styled.div`
  justify-self: center;
  padding: 12px;
  background: #ffffff;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const SecretKey = styled.code`
  word-break: break-all;
  color: ${({ theme }) => theme.colors.text};
`;

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  code {
    font-size: 1rem;
  }
`;
