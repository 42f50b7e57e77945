// The admin's query client: an answer the server gave (4xx) is final, but for 408 and 429; a network
// error or a 5xx is tried again, three times at most (src/admin/core/queryClient.ts).
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createQueryClient, shouldRetry } from '../../src/admin/core/queryClient.js';
import { ApiError } from '../../src/admin/core/api.js';

describe('the admin query retries', () => {
  it.each([400, 401, 403, 404, 409, 422])('a %i is final', (status) => {
    expect(shouldRetry(0, new HttpError('x', status))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', status, null))).toBe(false);
  });

  it.each([408, 429, 500, 502, 503])('a %i is tried again, three times at most', (status) => {
    expect(shouldRetry(0, new HttpError('x', status))).toBe(true);
    expect(shouldRetry(2, new HttpError('x', status))).toBe(true);
    expect(shouldRetry(3, new HttpError('x', status))).toBe(false);
  });

  it('a network error (no status) is tried again', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(3, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('is the default of every query of the client', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
