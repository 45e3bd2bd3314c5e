// @tdk/shared-ui/testing: for unit tests only, never imported by application code.
export { renderWithPlatform, createTestQueryClient } from './render-with-platform';
export type { RenderWithPlatformOptions } from './render-with-platform';
export { stubApi, jsonResponse, errorResponse } from './stub-api';
export type { StubbedApi, StubbedRequest, StubRoutes, StubHandler } from './stub-api';
export { anEvent, aTicket, aRegistration, aStaffUser } from './fixtures';
