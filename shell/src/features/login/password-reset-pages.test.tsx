import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { PASSWORD_RESET_MESSAGES } from '@tdk/api/contract';
import { errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { ForgotPasswordPage, ResetPasswordPage } from './password-reset-pages';

function renderAt(route: string, api: StubRoutes = {}) {
  return renderWithPlatform(
    <Routes>
      <Route path="/login/forgot" element={<ForgotPasswordPage />} />
      <Route path="/login/reset" element={<ResetPasswordPage />} />
    </Routes>,
    { route, api },
  );
}

describe('Forgot your password?', () => {
  it('sends the address and says what the API says, the same for any address', async () => {
    const { api } = renderAt('/login/forgot', { 'POST /api/auth/password-reset': { message: PASSWORD_RESET_MESSAGES.sent } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: ' lead@tdksports.in ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.sent)).toBeTruthy();
    expect(api.calls('POST /api/auth/password-reset')[0]!.body).toEqual({ email: 'lead@tdksports.in' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('asks for the address before calling the API, and shows the wait when asked too often', async () => {
    const { api } = renderAt('/login/forgot', {
      'POST /api/auth/password-reset': () =>
        errorResponse(429, 'rate_limited', 'Too many requests for a new password. Try again in 42 minutes.'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(api.requests).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'lead@tdksports.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Try again in 42 minutes/);
  });
});

describe('Choose a new password', () => {
  it('sends the link token with the new password once both match, then offers to sign in', async () => {
    const { api } = renderAt('/login/reset#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      'POST /api/auth/password-reset/complete': { message: PASSWORD_RESET_MESSAGES.done },
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a brand new gate password' } });
    fireEvent.change(screen.getByLabelText(/Repeat the new password/), { target: { value: 'a brand new gate passwrd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.requests).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Repeat the new password/), { target: { value: 'a brand new gate password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.done)).toBeTruthy();
    expect(api.calls('POST /api/auth/password-reset/complete')[0]!.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      password: 'a brand new gate password',
    });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says when the link was used or has expired, and offers a new one', async () => {
    renderAt('/login/reset#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      'POST /api/auth/password-reset/complete': () =>
        errorResponse(400, 'bad_request', PASSWORD_RESET_MESSAGES.used, { token: PASSWORD_RESET_MESSAGES.used }),
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a brand new gate password' } });
    fireEvent.change(screen.getByLabelText(/Repeat the new password/), { target: { value: 'a brand new gate password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.used);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/login/forgot');
  });

  it('puts a refused password under its field', async () => {
    renderAt('/login/reset#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      'POST /api/auth/password-reset/complete': () =>
        errorResponse(400, 'validation_error', 'This password is too common.', { password: 'This password is too common.' }),
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'password1234' } });
    fireEvent.change(screen.getByLabelText(/Repeat the new password/), { target: { value: 'password1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByText('This password is too common.')).toBeTruthy());
  });

  it('still opens a link mailed before the token moved to the fragment (?token=), and sends that token', async () => {
    const { api } = renderAt('/login/reset?token=legacylegacylegacylegacylegacylegacylegacy', {
      'POST /api/auth/password-reset/complete': { message: PASSWORD_RESET_MESSAGES.done },
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a brand new gate password' } });
    fireEvent.change(screen.getByLabelText(/Repeat the new password/), { target: { value: 'a brand new gate password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.done)).toBeTruthy();
    expect(api.calls('POST /api/auth/password-reset/complete')[0]!.body).toMatchObject({
      token: 'legacylegacylegacylegacylegacylegacylegacy',
    });
  });

  it('says a link with no token is not valid, without a form', async () => {
    renderAt('/login/reset');
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_RESET_MESSAGES.invalid);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});
