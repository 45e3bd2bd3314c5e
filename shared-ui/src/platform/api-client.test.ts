import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { buildQueryString, createApiClient, NETWORK_ERROR_MESSAGE } from './api-client';
import { ApiError, getErrorMessage, isApiError } from './api-error';

function mockFetch(impl: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => impl(String(url), init ?? {}));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApiClient requests', () => {
  it('GETs with same-origin credentials and a query string that skips empty values', async () => {
    const fetchMock = mockFetch(() => jsonResponse([{ id: 1 }]));
    const api = createApiClient('');
    const data = await api.get<{ id: number }[]>('/api/events', {
      category: 'cricket',
      city: 'Mumbai',
      q: '',
      page: undefined,
      free: null,
      limit: 20,
    });
    expect(data).toEqual([{ id: 1 }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events?category=cricket&city=Mumbai&limit=20');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init?.body).toBeUndefined();
  });

  it('sends JSON bodies with Content-Type application/json, for every method that has one', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    const api = createApiClient('http://localhost:3000/');
    await api.post('/api/auth/login', { email: 'a@b.in', password: 'x' });
    await api.put('/api/admin/events/4', { title: 'T' });
    await api.patch('/api/admin/registrations/9', { emailSent: true });
    await api.del('/api/admin/tickets/2');
    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      type: (init?.headers as Record<string, string>)['Content-Type'],
      body: init?.body,
    }));
    expect(calls).toEqual([
      { url: 'http://localhost:3000/api/auth/login', method: 'POST', type: 'application/json', body: '{"email":"a@b.in","password":"x"}' },
      { url: 'http://localhost:3000/api/admin/events/4', method: 'PUT', type: 'application/json', body: '{"title":"T"}' },
      { url: 'http://localhost:3000/api/admin/registrations/9', method: 'PATCH', type: 'application/json', body: '{"emailSent":true}' },
      { url: 'http://localhost:3000/api/admin/tickets/2', method: 'DELETE', type: undefined, body: undefined },
    ]);
  });

  it('sends FormData as it is, so the browser sets the multipart boundary', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ url: '/uploads/a.png' }, 201));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await createApiClient().post('/api/admin/uploads/images', form);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('resolves undefined for 204 No Content', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(createApiClient().del('/api/admin/events/1')).resolves.toBeUndefined();
  });
});

describe('createApiClient errors', () => {
  it('maps the DESIGN.md error shape to an ApiError with status, code and fields', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: {
            code: 'validation_error',
            message: 'Please fix the highlighted fields',
            fields: { name: 'Ticket name is required', price: 'Price cannot be negative' },
          },
        },
        400,
      ),
    );
    const error = await createApiClient()
      .post('/api/admin/tickets', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Please fix the highlighted fields',
      fields: { name: 'Ticket name is required', price: 'Price cannot be negative' },
    });
    expect(isApiError(error)).toBe(true);
  });

  it('keeps the server message of a 409 for the toast', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'sold_out', message: 'Only 2 tickets left' } }, 409));
    const error = await createApiClient()
      .post('/api/cashfree/create-order', {})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'sold_out', message: 'Only 2 tickets left' });
    expect((error as ApiError).fields).toBeUndefined();
    expect(`Failed to create ticket: ${getErrorMessage(error)}`).toBe('Failed to create ticket: Only 2 tickets left');
  });

  it('derives an error from the status when the body is not the API shape', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await createApiClient()
      .get('/api/events')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'server_error' });
  });

  it('turns a network failure into status 0 network_error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await createApiClient()
      .get('/api/events')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });

  it('reports an aborted request as aborted, not as a network failure', async () => {
    mockFetch((_url, init) => {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    });
    const controller = new AbortController();
    const pending = createApiClient().get('/api/events', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'aborted' });
  });
});

describe('buildQueryString and getErrorMessage', () => {
  it('repeats array values and encodes text', () => {
    expect(buildQueryString({ status: ['Active', 'Sold Out'], q: 'run & ride' })).toBe(
      '?status=Active&status=Sold+Out&q=run+%26+ride',
    );
    expect(buildQueryString({ q: '   ' })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('falls back to Unknown error', () => {
    expect(getErrorMessage(undefined)).toBe('Unknown error');
    expect(getErrorMessage(new Error(''))).toBe('Unknown error');
    expect(getErrorMessage('Boom')).toBe('Boom');
  });
});
