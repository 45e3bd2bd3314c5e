import type { APIRequestContext, Page } from '@playwright/test';
import type { Role } from '../../api/src/contract';

export const E2E_ADMIN = { email: 'e2e-admin@tdksports.in', password: 'e2e-admin-password-1' } as const;

export const staffFor = (role: Role) =>
  role === 'admin' ? E2E_ADMIN : { email: `e2e-${role}@tdksports.in`, password: `e2e-${role}-password-1` };

/** Same-origin headers, as the browser sends them, so the API's CSRF check lets the call through. */
const jsonHeaders = (baseURL: string) => ({ 'Content-Type': 'application/json', Origin: new URL(baseURL).origin });

/** Creates (once) a staff account of the role through the admin API, as an admin would. */
export async function ensureStaff(request: APIRequestContext, baseURL: string, role: Role) {
  const account = staffFor(role);
  if (role === 'admin') return account;
  const login = await request.post('/api/auth/login', { headers: jsonHeaders(baseURL), data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`e2e admin could not sign in: ${login.status()} ${await login.text()}`);
  const created = await request.post('/api/admin/users', {
    headers: jsonHeaders(baseURL),
    data: { email: account.email, fullName: `E2E ${role}`, role, password: account.password },
  });
  if (!created.ok() && created.status() !== 409) throw new Error(`could not create ${role}: ${await created.text()}`);
  await request.post('/api/auth/logout', { headers: jsonHeaders(baseURL) });
  return account;
}

/** Signs in through the login form, as staff do. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs the page's browser context in through the API (faster than the form, same cookie). */
export async function signIn(page: Page, baseURL: string, role: Role) {
  const account = await ensureStaff(page.request, baseURL, role);
  const response = await page.request.post('/api/auth/login', { headers: jsonHeaders(baseURL), data: account });
  if (!response.ok()) throw new Error(`${role} could not sign in: ${response.status()} ${await response.text()}`);
  return account;
}
