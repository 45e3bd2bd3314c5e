import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadLanguage } from '@tdk/shared-ui';
import { aStaffUser, anEvent, errorResponse, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { MessagesDialog } from './messages-dialog';

const message = {
  id: 31,
  subject: 'Race moved: rain',
  body: { en: 'The 10K starts at 7:00.', hi: '10K 7:00 बजे शुरू होगी।' },
  channels: ['email'],
  audience: {},
  sendAt: '2030-01-14T01:00:00.000Z',
  state: 'sent',
  recipientCount: 3,
  createdBy: 'manager@tdk.test',
  createdAt: '2030-01-14T01:00:00.000Z',
  sentAt: '2030-01-14T01:00:05.000Z',
};
const recipient = (id: number, name: string, email: string, language: string, emailState: string) => ({
  id,
  registrationId: id,
  ticketNumber: `TDK-${id}`,
  name,
  email,
  phone: '',
  language,
  emailState,
  emailSentAt: null,
  whatsappState: 'not_requested',
  error: null,
});

const show = (api: Record<string, unknown>) =>
  renderWithPlatform(<MessagesDialog event={anEvent({ id: 7, title: 'Pune Riverside 10K' })} onClose={vi.fn()} />, {
    session: aStaffUser({ role: 'manager' }),
    api: {
      'GET /api/admin/tickets': {
        tickets: [
          { id: 3, name: '10K' },
          { id: 4, name: '5K' },
        ],
        total: 2,
      },
      'GET /api/admin/events/:id/messages': { messages: [] },
      ...api,
    },
  }).api;

describe('the message registrants dialog (issue 44)', () => {
  it('sends a rain-out notice in English and Hindi to the filtered audience, previews each language, then shows each recipient’s delivery', async () => {
    const api = show({
      'POST /api/admin/events/:id/messages': { id: 31, recipients: 3 },
      'GET /api/admin/events/:id/messages/:messageId': {
        message,
        recipients: [
          recipient(1, 'Asha Rao', 'asha@example.com', 'en', 'sent'),
          recipient(2, 'Ravi Rao', 'ravi@example.com', 'hi', 'queued'),
          recipient(3, 'Sana Rao', 'sana@example.com', 'mr', 'unsubscribed'),
        ],
        counts: { sent: 1, queued: 1, unsubscribed: 1 },
      },
    });
    expect(await screen.findByText('Message registrants: Pune Riverside 10K')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Race moved: rain' } });
    fireEvent.change(screen.getByLabelText(/^Message in English/), { target: { value: 'The 10K starts at 7:00.' } });
    fireEvent.change(screen.getByLabelText(/^Message in Hindi/), { target: { value: '10K 7:00 बजे शुरू होगी।' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: '10K' }));
    fireEvent.change(screen.getByLabelText('Checked in at the entry'), { target: { value: 'no' } });

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('article', { name: 'हिन्दी' }).textContent).toContain('10K 7:00 बजे शुरू होगी।');
    const marathi = within(preview).getByRole('article', { name: 'मराठी' }).textContent;
    expect(marathi).toContain('The 10K starts at 7:00.');
    expect(marathi).toContain('No text in this language: readers of it get the English.');

    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/messages')).toHaveLength(1));
    expect(api.calls('POST /api/admin/events/:id/messages')[0]!.body).toEqual({
      subject: 'Race moved: rain',
      body: { en: 'The 10K starts at 7:00.', hi: '10K 7:00 बजे शुरू होगी।' },
      channels: ['email'],
      audience: { statuses: ['Confirmed', 'Checked-In'], ticketIds: [3], checkedIn: false },
    });
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Asha Rao', 'asha@example.com', 'English', 'Sent'],
      ['Ravi Rao', 'ravi@example.com', 'हिन्दी', 'In the outbox'],
      ['Sana Rao', 'sana@example.com', 'मराठी', 'Unsubscribed'],
    ]);
  });

  it('schedules a message at an India time, and shows the server’s refusal of a past time under the field', async () => {
    const api = show({
      'POST /api/admin/events/:id/messages': () =>
        errorResponse(400, 'validation_error', 'The time to send is in the past: choose a later time or send now', {
          sendAt: 'The time to send is in the past: choose a later time or send now',
        }),
    });
    fireEvent.change(await screen.findByLabelText(/^Subject/), { target: { value: 'Kit collection' } });
    fireEvent.change(screen.getByLabelText(/^Message in English/), { target: { value: 'Collect your kit at the expo.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'At a set time' }));
    fireEvent.change(screen.getByLabelText(/^Send at/), { target: { value: '2020-01-13T18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule message' }));
    await waitFor(() => expect(api.calls('POST /api/admin/events/:id/messages')).toHaveLength(1));
    expect((api.calls('POST /api/admin/events/:id/messages')[0]!.body as { sendAt: string }).sendAt).toBe(
      '2020-01-13T18:00:00+05:30',
    );
    expect(await screen.findByText('The time to send is in the past: choose a later time or send now')).toBeTruthy();
  });

  it('requires the English text before sending anything', async () => {
    const api = show({});
    fireEvent.change(await screen.findByLabelText(/^Subject/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/Write the message in English/)).toBeTruthy();
    expect(api.calls('POST /api/admin/events/:id/messages')).toHaveLength(0);
  });

  it('lists earlier messages and opens their recipients', async () => {
    show({
      'GET /api/admin/events/:id/messages': { messages: [message] },
      'GET /api/admin/events/:id/messages/:messageId': ({ params }: StubbedRequest) => ({
        message: { ...message, id: Number(params.messageId) },
        recipients: [recipient(1, 'Asha Rao', 'asha@example.com', 'en', 'failed')],
        counts: { failed: 1 },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recipients: Race moved: rain' }));
    expect(await screen.findByText('Failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  it('speaks Marathi to an organiser who reads Marathi', async () => {
    document.documentElement.dataset.language = 'mr';
    try {
      await loadLanguage('mr');
      show({});
      expect(await screen.findByText('नोंदणी केलेल्यांना संदेश: Pune Riverside 10K')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'संदेश पाठवा' })).toBeTruthy();
    } finally {
      delete document.documentElement.dataset.language;
    }
  });
});
