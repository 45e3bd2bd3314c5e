import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@tdk/shared-ui/testing';
import { organiserAdmin } from './test/fixtures';
import App from './app';

describe('admin-platform', () => {
  it("shows an organisation's admin Access Denied: the section is the platform staff's", async () => {
    renderWithPlatform(<App />, { session: organiserAdmin, route: '/admin/platform', path: '/admin/platform/*' });
    expect(await screen.findByText(/Access Denied/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Platform' })).toBeNull();
  });
});
