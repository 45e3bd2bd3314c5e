import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiTokenView, CreatedApiToken } from '@tdk/api/contract/api-tokens';
import { aStaffUser, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { ApiTokensSection } from './api-tokens-section';

const aToken = (overrides: Partial<ApiTokenView>): ApiTokenView => ({
  id: 1,
  name: 'Timing system',
  scopes: ['read', 'check-in'],
  prefix: 'tdk_Ab12Cd34',
  createdAt: '2026-11-01T04:30:00.000Z',
  createdBy: 'lead@khel.in',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-11-20T06:00:00.000Z',
  lastUsedIp: '203.0.113.7',
  status: 'active',
  ...overrides,
});

function renderSection(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  renderWithPlatform(<ApiTokensSection />, { api, session: aStaffUser({ role: 'admin' }) });
  return api;
}

describe('API tokens', () => {
  it('lists the tokens with their scopes, prefix, last use and status, never a secret', async () => {
    renderSection({
      'GET /api/admin/api-tokens': {
        tokens: [
          aToken({}),
          aToken({ id: 2, name: 'Old CRM', scopes: ['read'], prefix: 'tdk_Zz99Yy88', status: 'revoked', lastUsedAt: null }),
        ],
      },
    });
    const row = (await screen.findByText('Timing system')).closest('tr')!;
    expect(within(row).getByText('read, check-in')).toBeTruthy();
    expect(within(row).getByText('tdk_Ab12Cd34…')).toBeTruthy();
    expect(within(row).getByText(/from 203\.0\.113\.7/)).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const revoked = screen.getByText('Old CRM').closest('tr')!;
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    // Never used, and no expiry.
    expect(within(revoked).getAllByText('Never')).toHaveLength(2);
    // A revoked token has nothing left to revoke.
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it("checks the form with the contract's rules, then shows the new secret once with a copy button", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let tokens: ApiTokenView[] = [];
    const secret = 'tdk_New12345_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';
    const api = renderSection({
      'GET /api/admin/api-tokens': () => ({ tokens }),
      'POST /api/admin/api-tokens': ({ body }: StubbedRequest) => {
        const input = body as { name: string; scopes: ApiTokenView['scopes'] };
        const apiToken = aToken({ id: 7, name: input.name, scopes: input.scopes, prefix: 'tdk_New12345', lastUsedAt: null });
        tokens = [apiToken];
        return { id: 7, token: secret, apiToken } satisfies CreatedApiToken;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    // No scope chosen: the contract's message, nothing sent.
    fireEvent.click(within(dialog).getByLabelText(/^Read/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    expect(api.calls('POST /api/admin/api-tokens')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Club CRM' } });
    fireEvent.click(within(dialog).getByLabelText(/^Write/));
    fireEvent.click(within(dialog).getByLabelText(/^Read/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(api.calls('POST /api/admin/api-tokens')[0]!.body).toEqual({ name: 'Club CRM', scopes: ['read', 'write'] });
    expect((within(shown).getByLabelText(/API token/) as HTMLInputElement).value).toBe(secret);
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list follows, and nowhere shows the secret again.
    expect(await screen.findByText('Club CRM')).toBeTruthy();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('revokes a token after asking', async () => {
    let tokens = [aToken({})];
    const api = renderSection({
      'GET /api/admin/api-tokens': () => ({ tokens }),
      'DELETE /api/admin/api-tokens/:id': () => {
        tokens = [aToken({ status: 'revoked', revokedAt: '2026-11-29T04:00:00.000Z' })];
        return { apiToken: tokens[0] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Timing system' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Revoke "Timing system"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(api.calls('DELETE /api/admin/api-tokens/:id')).toHaveLength(1));
    expect(api.calls('DELETE /api/admin/api-tokens/:id')[0]!.path).toBe('/api/admin/api-tokens/1');
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });
});
