// The typed API client for the frontends (exported as @tdk/api/client). Browser-safe: it imports
// only the type of the app.
import { hc, type ClientRequestOptions } from 'hono/client';
import type { AppType } from './app';

export type { AppType } from './app';
export type ApiClient = ReturnType<typeof hc<AppType>>;

/** `createApiClient()` talks to the origin that served the page; pass a base URL elsewhere. */
export const createApiClient = (baseUrl = '/', options?: ClientRequestOptions): ApiClient =>
  hc<AppType>(baseUrl, options);
