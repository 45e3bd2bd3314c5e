import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/stub-api';
import { callApi, createApiClient, NETWORK_ERROR_MESSAGE } from './api-client';
import { ApiError, getErrorMessage, isApiError } from './api-error';

function fakeFetch(impl: (url: string, init: RequestInit) => Promise<Response> | Response) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    impl(input instanceof Request ? input.url : String(input), init ?? {}),
  );
}

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('the typed client', () => {
  it('builds same-origin URLs with the query, and same-origin credentials', async () => {
    const fetchMock = fakeFetch(() => jsonResponse({ events: [] }));
    const client = createApiClient('', fetchMock);
    const data = await callApi(client.api.events.$get({ query: { city: 'Mumbai', category: 'cricket' } }));
    expect(data).toEqual({ events: [] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/events?city=Mumbai&category=cricket');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('GET');
  });

  it('prefixes a remote dev server base URL, with or without its trailing slash', async () => {
    const fetchMock = fakeFetch(() => jsonResponse({ event: { id: 7 } }));
    await callApi(createApiClient('http://localhost:3000', fetchMock).api.events[':id'].$get({ param: { id: '7' } }));
    await callApi(createApiClient('http://localhost:3000/', fetchMock).api.events[':id'].$get({ param: { id: '7' } }));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      'http://localhost:3000/api/events/7',
      'http://localhost:3000/api/events/7',
    ]);
  });

  it('sends JSON bodies with Content-Type application/json, which the API requires', async () => {
    const fetchMock = fakeFetch(() => jsonResponse({ user: { id: 1 } }));
    const client = createApiClient('', fetchMock);
    await callApi(client.api.auth.login.$post({ json: { email: 'a@b.in', password: 'x' } }));
    await callApi(client.api.admin.users[':id'].$patch({ param: { id: '4' }, json: { disabled: true } }));
    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      type: headerOf(init, 'Content-Type'),
      body: init?.body,
    }));
    expect(calls).toEqual([
      { url: '/api/auth/login', method: 'POST', type: 'application/json', body: '{"email":"a@b.in","password":"x"}' },
      { url: '/api/admin/users/4', method: 'PATCH', type: 'application/json', body: '{"disabled":true}' },
    ]);
  });

  it('resolves undefined for 204 No Content', async () => {
    const client = createApiClient(
      '',
      fakeFetch(() => new Response(null, { status: 204 })),
    );
    await expect(callApi(client.api.auth.logout.$post())).resolves.toBeUndefined();
  });
});

describe('callApi errors', () => {
  it('maps the DESIGN.md error shape to an ApiError with status, code and fields', async () => {
    const client = createApiClient(
      '',
      fakeFetch(() =>
        jsonResponse(
          {
            error: {
              code: 'validation_error',
              message: 'Enter a valid email address',
              fields: { email: 'Enter a valid email address' },
            },
          },
          400,
        ),
      ),
    );
    const error = await callApi(
      client.api.admin.users.$post({ json: { email: 'x', fullName: 'X', role: 'support', password: 'p' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_error', fields: { email: 'Enter a valid email address' } });
    expect(isApiError(error)).toBe(true);
  });

  it('keeps the server message of a 409 for the toast', async () => {
    const client = createApiClient(
      '',
      fakeFetch(() => jsonResponse({ error: { code: 'sold_out', message: 'Only 2 tickets left' } }, 409)),
    );
    const error = await callApi(client.api.events.$get({ query: {} })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'sold_out', message: 'Only 2 tickets left' });
    expect((error as ApiError).fields).toBeUndefined();
    expect(`Failed to create ticket: ${getErrorMessage(error)}`).toBe('Failed to create ticket: Only 2 tickets left');
  });

  it("derives the code from the contract's status table when the body is not the API shape", async () => {
    const html = (status: number) => () =>
      new Response('<html>oops</html>', { status, headers: { 'Content-Type': 'text/html' } });
    const gateway = await callApi(createApiClient('', fakeFetch(html(502))).api.events.$get({ query: {} })).catch(
      (e: unknown) => e,
    );
    expect(gateway).toMatchObject({
      status: 502,
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
    const limited = await callApi(createApiClient('', fakeFetch(html(429))).api.events.$get({ query: {} })).catch(
      (e: unknown) => e,
    );
    expect(limited).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('turns a network failure into status 0 network_error', async () => {
    const client = createApiClient(
      '',
      fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await callApi(client.api.events.$get({ query: {} })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });

  it('reports an aborted request as aborted, not as a network failure', async () => {
    const client = createApiClient(
      '',
      fakeFetch(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = callApi(client.api.events.$get({ query: {} }, { init: { signal: controller.signal } }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'aborted' });
  });
});

describe('getErrorMessage', () => {
  it('falls back to Unknown error', () => {
    expect(getErrorMessage(undefined)).toBe('Unknown error');
    expect(getErrorMessage(new Error(''))).toBe('Unknown error');
    expect(getErrorMessage('Boom')).toBe('Boom');
  });
});
