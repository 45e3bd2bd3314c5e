// The typed API client for the frontends (exported as @tdk/api/client). Browser-safe: it imports
// only the type of the app.
import { hc, type ClientRequestOptions, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from './app';

export type { AppType } from './app';
export type { ClientRequestOptions, ClientResponse } from 'hono/client';
export type ApiClient = ReturnType<typeof hc<AppType>>;

/** `createApiClient()` talks to the origin that served the page; pass a base URL elsewhere. */
export const createApiClient = (baseUrl = '/', options?: ClientRequestOptions): ApiClient => hc<AppType>(baseUrl, options);

type BodyOf<T, F> = F extends 'json' ? T : F extends 'text' ? string : undefined;

/**
 * What a call answers when it succeeds: the JSON of the route's 2xx `c.json(...)`. Error bodies
 * are not part of it: they become an ApiError (shared-ui's `callApi`).
 */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? number extends S
      ? BodyOf<T, F>
      : S extends SuccessStatusCode
        ? BodyOf<T, F>
        : never
    : never;
