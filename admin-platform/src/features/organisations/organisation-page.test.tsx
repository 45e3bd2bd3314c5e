import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlatformOrganisation } from '@tdk/api/contract';
import { renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { anOrganisation, platformAdmin, platformSupport } from '../../test/fixtures';
import { OrganisationPage } from './organisation-page';

function renderPage(session = platformAdmin, initial: PlatformOrganisation = anOrganisation()) {
  let organisation = initial;
  const api = stubApi({
    'GET /api/platform/organisations/:id': () => ({ organisation }),
    'POST /api/platform/organisations/:id/suspend': ({ body }: StubbedRequest) => {
      organisation = { ...organisation, status: 'suspended', statusReason: (body as { reason: string }).reason };
      return { organisation };
    },
    'POST /api/platform/organisations/:id/reinstate': () => {
      organisation = { ...organisation, status: 'approved', statusReason: '' };
      return { organisation };
    },
    'POST /api/auth/organisation': ({ body }: StubbedRequest) => ({
      user: { ...session, role: 'support', organisationId: (body as { organisationId: number }).organisationId },
      organisation: {
        id: organisation.id,
        slug: organisation.slug,
        displayName: organisation.displayName,
        status: organisation.status,
      },
      organisations: [],
      platformRole: session.platformRole,
    }),
    'PATCH /api/platform/organisations/:id': ({ body }: StubbedRequest) => {
      organisation = { ...organisation, ...(body as Partial<PlatformOrganisation>) };
      return { organisation };
    },
  });
  renderWithPlatform(<OrganisationPage />, {
    api,
    session,
    route: '/admin/platform/organisations/2',
    path: '/admin/platform/organisations/:id',
  });
  return api;
}

describe('One organisation', () => {
  it('opens its console for platform support, who act in it as support (decision 051)', async () => {
    const api = renderPage(platformSupport);
    fireEvent.click(await screen.findByRole('button', { name: 'Open its console' }));
    await waitFor(() => expect(api.calls('POST /api/auth/organisation')).toHaveLength(1));
    expect(api.calls('POST /api/auth/organisation')[0]).toMatchObject({ body: { organisationId: 2 } });
    // Its console's dashboard opens (/admin, outside this section): the page is left.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bengaluru Football League' })).toBeNull());
  });

  it('shows its profile, figures and admins', async () => {
    renderPage(platformSupport);
    expect(await screen.findByRole('heading', { name: 'Bengaluru Football League' })).toBeTruthy();
    expect(screen.getByText('/o/bengaluru-football-league')).toBeTruthy();
    expect(screen.getByText('Karnataka')).toBeTruthy();
    expect(screen.getByText('Kiran Rao (kiran@bfl.in)')).toBeTruthy();
    expect(screen.getByText('₹20,500')).toBeTruthy();
    // Platform support changes nothing.
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save notes' })).toBeNull();
  });

  it('suspends it with a reason the contract requires, then reinstates it', async () => {
    const api = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend organisation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Give a reason: the organiser is e-mailed it')).toBeTruthy();
    expect(api.calls('POST /api/platform/organisations/:id/suspend')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Refunds not paid' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Refunds not paid')).toBeTruthy();
    expect(api.calls('POST /api/platform/organisations/:id/suspend')[0]).toMatchObject({
      path: '/api/platform/organisations/2/suspend',
      body: { reason: 'Refunds not paid' },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Reinstate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reinstate organisation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(api.calls('POST /api/platform/organisations/:id/reinstate')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeTruthy();
  });

  it("sets the organisation's own commission, and empties it back to the platform's setting (decision 060)", async () => {
    const api = renderPage();
    const field = (await screen.findByLabelText(/Commission/)) as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    await waitFor(() => expect(api.calls('PATCH /api/platform/organisations/:id')[0]?.body).toEqual({ commissionPercent: 2.5 }));
    await waitFor(() => expect((screen.getByLabelText(/Commission/) as HTMLInputElement).value).toBe('2.5'));
    fireEvent.change(screen.getByLabelText(/Commission/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save commission' }));
    await waitFor(() => expect(api.calls('PATCH /api/platform/organisations/:id')[1]?.body).toEqual({ commissionPercent: null }));
  });

  it("saves the platform's notes and the trusted exception", async () => {
    const api = renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: /Trusted/ }));
    await waitFor(() => expect(api.calls('PATCH /api/platform/organisations/:id')[0]?.body).toEqual({ trusted: true }));
    fireEvent.change(screen.getByLabelText(/Notes/), { target: { value: 'Met them at the league final' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/platform/organisations/:id')[1]?.body).toEqual({
        platformNotes: 'Met them at the league final',
      }),
    );
  });
});
