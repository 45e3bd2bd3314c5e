import { describe, expect, it } from 'vitest';
import { errorCodeForStatus } from './errors';

describe('errorCodeForStatus', () => {
  it('names the common statuses', () => {
    expect(errorCodeForStatus(400)).toBe('bad_request');
    expect(errorCodeForStatus(401)).toBe('unauthorized');
    expect(errorCodeForStatus(404)).toBe('not_found');
    expect(errorCodeForStatus(429)).toBe('rate_limited');
    expect(errorCodeForStatus(503)).toBe('service_unavailable');
  });

  it('falls back by class', () => {
    expect(errorCodeForStatus(418)).toBe('bad_request');
    expect(errorCodeForStatus(502)).toBe('internal_error');
  });
});
