import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { aStaffUser, errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { LoginPage, loginErrorMessage, returnPath } from './login-page';
import { ApiError } from '@tdk/shared-ui';

function renderLogin(answer: StubRoutes) {
  return renderWithPlatform(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/admin" element={<h1>Admin home</h1>} />
      <Route path="/admin/registrations" element={<h1>Registrations</h1>} />
      <Route path="/admin/*" element={<h1>Another admin page</h1>} />
    </Routes>,
    { route: '/login', api: answer },
  );
}

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
};

describe('LoginPage', () => {
  it('asks for both fields before calling the API', async () => {
    const { api } = renderLogin({});
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('says one thing for any wrong e-mail or password', async () => {
    renderLogin({ 'POST /api/auth/login': () => errorResponse(401, 'invalid_credentials', 'Invalid email or password') });
    fill('nobody@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('signs in and goes to the admin', async () => {
    const { api } = renderLogin({ 'POST /api/auth/login': { user: aStaffUser() } });
    fill(' Lead@tdksports.in ', 'lead-admin-password-1');
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
    await waitFor(() =>
      expect(api.calls('POST /api/auth/login')[0]!.body).toEqual({
        email: 'Lead@tdksports.in',
        password: 'lead-admin-password-1',
      }),
    );
  });

  it('takes a coordinator who signs in from the console front door to Registrations', async () => {
    renderWithPlatform(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/admin" element={<h1>Admin home</h1>} />
        <Route path="/admin/registrations" element={<h1>Registrations</h1>} />
      </Routes>,
      { route: '/login?from=%2Fadmin', api: { 'POST /api/auth/login': { user: aStaffUser({ role: 'coordinator' }) } } },
    );
    fill('gate@tdksports.in', 'gate-coordinator-password-1');
    expect(await screen.findByRole('heading', { name: 'Registrations' })).toBeTruthy();
  });

  it('enrols an authenticator after the password when Two-Factor Authentication is on, shows the recovery codes, then goes on', async () => {
    const { api } = renderLogin({
      'POST /api/auth/login': {
        twoFactor: {
          step: 'enrol',
          challenge: 'signed-challenge',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/TDK:lead?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
      },
      'POST /api/auth/login/two-factor': { user: aStaffUser(), recoveryCodes: ['abcde-12345', 'fghjk-67890'] },
    });
    fill('lead@tdksports.in', 'lead-admin-password-1');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(screen.getByTitle('QR code to add this account to an authenticator app')).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Authentication code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('abcde-12345')).toBeTruthy();
    expect(api.calls('POST /api/auth/login/two-factor')[0]!.body).toEqual({ challenge: 'signed-challenge', code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    expect(await screen.findByRole('heading', { name: 'Admin home' })).toBeTruthy();
  });

  it('says so when the code is wrong and stays on the code step', async () => {
    renderLogin({
      'POST /api/auth/login': { twoFactor: { step: 'code', challenge: 'c' } },
      'POST /api/auth/login/two-factor': () =>
        errorResponse(401, 'unauthorized', 'That code is not right.', { code: 'That code is not right.' }),
    });
    fill('lead@tdksports.in', 'lead-admin-password-1');
    fireEvent.change(await screen.findByLabelText(/Authentication code/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeTruthy();
  });
});

describe('loginErrorMessage', () => {
  it('passes on the wait of a locked sign-in and hides everything else', () => {
    expect(loginErrorMessage(new ApiError(429, 'rate_limited', 'Too many attempts. Try again in 5 minutes.'))).toBe(
      'Too many attempts. Try again in 5 minutes.',
    );
    expect(loginErrorMessage(new ApiError(500, 'internal', 'boom'))).toBe('Login failed. Please try again.');
    expect(loginErrorMessage(new TypeError('x'))).toBe('An unexpected error occurred');
  });
});

describe('LoginPage: visitors', () => {
  it('tells a visitor looking for their tickets that sign-in is for staff, and where tickets are', async () => {
    renderLogin({});
    const link = await screen.findByRole('link', { name: 'Find them in My bookings' });
    expect(link.getAttribute('href')).toBe('/bookings');
    expect(screen.getByText(/Sign-in here is for staff/)).toBeTruthy();
  });
});

describe('returnPath', () => {
  it('only returns to a path on this site', () => {
    expect(returnPath('/admin/users', 'admin')).toBe('/admin/users');
    expect(returnPath('//evil.example/admin', 'admin')).toBe('/admin');
    expect(returnPath('https://evil.example', 'manager')).toBe('/admin');
    expect(returnPath(undefined, 'admin')).toBe('/admin');
  });

  it('starts coordinators and support staff in Registrations, not on the revenue dashboard', () => {
    expect(returnPath(undefined, 'coordinator')).toBe('/admin/registrations');
    expect(returnPath('/admin', 'support')).toBe('/admin/registrations');
    expect(returnPath('/admin/', 'coordinator')).toBe('/admin/registrations');
    expect(returnPath('/admin/registrations/check-in', 'coordinator')).toBe('/admin/registrations/check-in');
  });
});
