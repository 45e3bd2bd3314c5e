import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatedWebhook, RotatedWebhookSecret, WebhookDeliveryView, WebhookEndpointView } from '@tdk/api/contract/webhooks';
import { aStaffUser, renderWithPlatform, stubApi, type StubbedRequest } from '@tdk/shared-ui/testing';
import { WebhooksSection } from './webhooks-section';

const anEndpoint = (overrides: Partial<WebhookEndpointView>): WebhookEndpointView => ({
  id: 1,
  url: 'https://crm.example.com/hooks',
  description: 'Club CRM',
  events: ['order.paid', 'check-in.created'],
  status: 'active',
  disabledAt: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-01T04:30:00.000Z',
  updatedAt: '2026-11-01T04:30:00.000Z',
  ...overrides,
});

const aDelivery = (overrides: Partial<WebhookDeliveryView>): WebhookDeliveryView => ({
  id: 10,
  messageId: 'msg_abc',
  eventType: 'order.paid',
  resourceId: 'order_TDK_42',
  state: 'pending',
  attemptCount: 2,
  attempts: [
    { at: '2026-11-20T06:00:00.000Z', status: 500, excerpt: 'receiver is down', durationMs: 40 },
    { at: '2026-11-20T06:00:05.000Z', status: null, excerpt: 'No answer within 10 s', durationMs: 10_000 },
  ],
  nextAttemptAt: '2026-11-20T06:05:05.000Z',
  createdAt: '2026-11-20T06:00:00.000Z',
  ...overrides,
});

function renderSection(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  renderWithPlatform(<WebhooksSection />, { api, session: aStaffUser({ role: 'admin' }) });
  return api;
}

describe('Webhooks', () => {
  it('lists the endpoints with their events and state, and names one switched off for failing', async () => {
    renderSection({
      'GET /api/admin/webhooks': {
        endpoints: [
          anEndpoint({}),
          anEndpoint({ id: 2, url: 'https://old.example.com/in', description: '', events: ['event.updated'], status: 'failing' }),
        ],
      },
    });
    const row = (await screen.findByText('https://crm.example.com/hooks')).closest('tr')!;
    expect(within(row).getByText('Order paid, Attendee checked in')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeTruthy();
    const failing = screen.getByText('https://old.example.com/in').closest('tr')!;
    expect(within(failing).getByText('Switched off: failing')).toBeTruthy();
    expect(within(failing).getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('https://old.example.com/in was switched off because every delivery');
  });

  it("checks the form with the contract's rules, then shows the signing secret once with a copy button", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let endpoints: WebhookEndpointView[] = [];
    const secret = `whsec_${'A'.repeat(43)}=`;
    const api = renderSection({
      'GET /api/admin/webhooks': () => ({ endpoints }),
      'POST /api/admin/webhooks': ({ body }: StubbedRequest) => {
        const input = body as { url: string; events: WebhookEndpointView['events'] };
        const endpoint = anEndpoint({ id: 7, url: input.url, events: input.events, description: '' });
        endpoints = [endpoint];
        return { id: 7, secret, endpoint } satisfies CreatedWebhook;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    // No URL and no event: the contract's messages, nothing sent.
    fireEvent.click(within(dialog).getByLabelText(/^Order paid/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter the URL to send events to')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event')).toBeTruthy();
    expect(api.calls('POST /api/admin/webhooks')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), { target: { value: 'https://sheet.example.com/in' } });
    fireEvent.click(within(dialog).getByLabelText(/^Order refunded/));
    fireEvent.click(within(dialog).getByLabelText(/^Event changed/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(api.calls('POST /api/admin/webhooks')[0]!.body).toEqual({
      url: 'https://sheet.example.com/in',
      events: ['order.refunded', 'event.updated'],
    });
    expect((within(shown).getByLabelText(/Signing secret/) as HTMLInputElement).value).toBe(secret);
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('https://sheet.example.com/in')).toBeTruthy();
    expect(document.body.textContent).not.toContain(secret);
  });

  it("shows an endpoint's delivery log with each attempt and redelivers one", async () => {
    let deliveries = [
      aDelivery({}),
      aDelivery({
        id: 9,
        eventType: 'check-in.created',
        resourceId: '311',
        state: 'succeeded',
        attemptCount: 1,
        attempts: [{ at: '2026-11-19T06:00:00.000Z', status: 200, excerpt: 'ok', durationMs: 12 }],
        nextAttemptAt: null,
      }),
    ];
    const api = renderSection({
      'GET /api/admin/webhooks': { endpoints: [anEndpoint({})] },
      'GET /api/admin/webhooks/:id/deliveries': () => ({ deliveries }),
      'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': () => {
        deliveries = [{ ...deliveries[0]!, nextAttemptAt: '2026-11-29T04:00:00.000Z' }, deliveries[1]!];
        return { delivery: deliveries[0] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log of https://crm.example.com/hooks' });
    const pending = (await within(log).findByText('order_TDK_42')).closest('tr')!;
    expect(within(pending).getByText('Retrying')).toBeTruthy();
    expect(within(pending).getByText(/: 500 receiver is down/)).toBeTruthy();
    expect(within(pending).getByText(/: no answer No answer within 10 s/)).toBeTruthy();
    const delivered = within(log).getByText('311').closest('tr')!;
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(delivered).getByText('Attendee checked in')).toBeTruthy();

    fireEvent.click(within(pending).getByRole('button', { name: 'Redeliver order.paid order_TDK_42' }));
    await waitFor(() => expect(api.calls('POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver')).toHaveLength(1));
    expect(api.calls('POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver')[0]!.path).toBe(
      '/api/admin/webhooks/1/deliveries/10/redeliver',
    );
  });

  it('rotates the signing secret after asking, and shows the new one once with the overlap', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const secret = `whsec_${'B'.repeat(43)}=`;
    const previousSecretExpiresAt = '2026-11-30T06:00:00.000Z';
    const api = renderSection({
      'GET /api/admin/webhooks': { endpoints: [anEndpoint({})] },
      'POST /api/admin/webhooks/:id/rotate-secret': () =>
        ({
          id: 1,
          secret,
          previousSecretExpiresAt,
          endpoint: anEndpoint({ previousSecretExpiresAt }),
        }) satisfies RotatedWebhookSecret,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate the signing secret of https://crm.example.com/hooks' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(within(ask).getByText(/keeps working for 24 hours/)).toBeTruthy();
    // Cancelled: nothing sent.
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /api/admin/webhooks/:id/rotate-secret')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate the signing secret of https://crm.example.com/hooks' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', {
        name: 'Rotate secret',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Your new signing secret' });
    expect(api.calls('POST /api/admin/webhooks/:id/rotate-secret')[0]!.path).toBe('/api/admin/webhooks/1/rotate-secret');
    expect((within(shown).getByLabelText(/Signing secret/) as HTMLInputElement).value).toBe(secret);
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    expect(within(shown).getByText(/signed with the previous secret too until/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(secret);
  });

  it('disables an active endpoint', async () => {
    let endpoints = [anEndpoint({})];
    const api = renderSection({
      'GET /api/admin/webhooks': () => ({ endpoints }),
      'PATCH /api/admin/webhooks/:id': ({ body }: StubbedRequest) => {
        endpoints = [anEndpoint({ status: (body as { enabled: boolean }).enabled ? 'active' : 'disabled' })];
        return { endpoint: endpoints[0] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.calls('PATCH /api/admin/webhooks/:id')).toHaveLength(1));
    expect(api.calls('PATCH /api/admin/webhooks/:id')[0]!.body).toEqual({ enabled: false });
    expect(await screen.findByText('Disabled')).toBeTruthy();
  });
});
