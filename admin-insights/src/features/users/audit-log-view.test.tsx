import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditLogEntry } from '@tdk/api/contract';
import { aStaffUser, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { AuditLogView } from './audit-log-view';

const renamed: AuditLogEntry = {
  id: 41,
  actorUserId: 7,
  actorEmail: 'priya@tdksports.in',
  actorName: 'Priya Nair',
  action: 'update',
  entity: 'event',
  entityId: '12',
  subject: 'Pune Hill Run',
  detail: { changes: { title: { from: 'Pune Hill Race', to: 'Pune Hill Run' }, maxParticipants: { from: 300, to: 350 } } },
  ip: '203.0.113.9',
  createdAt: '2026-11-24T05:30:00.000Z',
};
const failed: AuditLogEntry = {
  id: 40,
  actorUserId: null,
  actorEmail: 'someone@example.com',
  actorName: null,
  action: 'login_failed',
  entity: 'session',
  entityId: null,
  subject: null,
  detail: { reason: 'user_not_found' },
  ip: '198.51.100.4',
  createdAt: '2026-11-24T05:00:00.000Z',
};

function renderLog() {
  return renderWithPlatform(<AuditLogView />, {
    session: aStaffUser({ role: 'admin' }),
    api: {
      'GET /api/admin/audit': ({ query }: StubbedRequest) => ({
        entries: query.get('action') === 'login_failed' ? [failed] : [renamed, failed],
        nextBefore: null,
      }),
      'GET /api/admin/users': {
        users: [
          {
            id: 7,
            email: 'priya@tdksports.in',
            fullName: 'Priya Nair',
            role: 'manager',
            disabled: false,
            lastLoginAt: null,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    },
  });
}

describe('the audit log', () => {
  it('names who and what, in words, with each change before and after', async () => {
    renderLog();
    const row = (await screen.findByText('Pune Hill Run')).closest('tr')!;
    expect(within(row).getByText('Priya Nair')).toBeTruthy();
    expect(within(row).getByText('Changed')).toBeTruthy();
    expect(within(row).getByText('Event')).toBeTruthy();
    const title = within(row).getByText('Title').closest('li')!;
    expect(title.textContent).toBe('Title Pune Hill Race → Pune Hill Run');
    expect(within(row).getByText('Max participants').closest('li')!.textContent).toBe('Max participants 300 → 350');
    const other = screen.getByText('someone@example.com').closest('tr')!;
    expect(within(other).getByText('Failed sign-in')).toBeTruthy();
    expect(within(other).getByText('Reason').closest('li')!.textContent).toBe('Reason user_not_found');
  });

  it('asks the API for the member, the kind of record, the action and the days chosen', async () => {
    const { api } = renderLog();
    await screen.findByText('Pune Hill Run');
    fireEvent.change(await screen.findByLabelText('Who'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'session' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'login_failed' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    await waitFor(() => expect(screen.queryByText('Pune Hill Run')).toBeNull());
    const last = api.calls('GET /api/admin/audit').at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual({
      limit: '50',
      actor: '7',
      entity: 'session',
      action: 'login_failed',
      from: '2026-11-01',
      to: '2026-11-24',
    });
  });
});
