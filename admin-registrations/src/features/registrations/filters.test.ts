import { describe, expect, it } from 'vitest';
import { exportHref, filtersFromParams, paramsWith } from './filters';

describe('registration filters in the URL', () => {
  it('reads what the URL holds and ignores what it cannot be', () => {
    expect(
      filtersFromParams(
        new URLSearchParams(
          'search=asha&eventId=4&status=Confirmed&paymentStatus=Paid&ticketId=12&team=Marine+Drive+Gazelles&page=3&pageSize=50',
        ),
      ),
    ).toEqual({
      search: 'asha',
      eventId: 4,
      status: 'Confirmed',
      paymentStatus: 'Paid',
      ticketId: 12,
      team: 'Marine Drive Gazelles',
      page: 3,
      pageSize: 50,
    });
    // Fewer than 3 characters cannot be searched: such a link lists everything.
    expect(filtersFromParams(new URLSearchParams('search=%20as%20')).search).toBe('');
    expect(filtersFromParams(new URLSearchParams('eventId=x&status=Lost&ticketId=0&page=-2&pageSize=7'))).toEqual({
      search: '',
      eventId: null,
      status: '',
      paymentStatus: '',
      ticketId: null,
      team: '',
      page: 1,
      pageSize: 25,
    });
  });

  it('keeps a team in the URL and its export, and drops it for another event', () => {
    const current = filtersFromParams(new URLSearchParams('eventId=4&team=Gazelles'));
    expect(paramsWith(current, { page: 2 }).get('team')).toBe('Gazelles');
    expect(exportHref(current)).toBe('/api/admin/registrations/export.csv?eventId=4&team=Gazelles');
    expect(paramsWith(current, { eventId: 5 }).get('team')).toBeNull();
  });

  it('goes back to page 1 on any change but the page, and leaves defaults out', () => {
    const current = filtersFromParams(new URLSearchParams('search=asha&page=4'));
    expect(paramsWith(current, { status: 'Pending' }).toString()).toBe('search=asha&status=Pending');
    expect(paramsWith(current, { page: 5 }).toString()).toBe('search=asha&page=5');
  });

  it('keeps the ticket type with its event, and drops it when the event changes', () => {
    const current = filtersFromParams(new URLSearchParams('eventId=4&ticketId=12&page=2'));
    expect(paramsWith(current, { status: 'Confirmed' }).toString()).toBe('eventId=4&status=Confirmed&ticketId=12');
    expect(paramsWith(current, { ticketId: 13 }).toString()).toBe('eventId=4&ticketId=13');
    expect(paramsWith(current, { ticketId: null }).toString()).toBe('eventId=4');
    expect(paramsWith(current, { eventId: 5 }).toString()).toBe('eventId=5');
    expect(paramsWith(current, { eventId: null }).toString()).toBe('');
    expect(paramsWith(current, { eventId: 4 }).toString()).toBe('eventId=4&ticketId=12');
  });

  it('exports with the same filters, all pages', () => {
    expect(exportHref(filtersFromParams(new URLSearchParams('eventId=2&ticketId=9&page=3')))).toBe(
      '/api/admin/registrations/export.csv?eventId=2&ticketId=9',
    );
    expect(exportHref(filtersFromParams(new URLSearchParams('')))).toBe('/api/admin/registrations/export.csv');
  });
});
