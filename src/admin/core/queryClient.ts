// The admin's query client (react-query under react-admin). Its default retries every failed read three
// times, a second, two and four apart: a record outside the user's providers (404), a screen the server
// refuses (403) or a bad filter (400) left the screen loading for seven seconds before its message. An
// answer the server gave (4xx) is final, but for 408 and 429 (try later); a network error or a 5xx is tried
// again, as before. (A 401 was already retried once by the data provider with a refreshed token.)
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 3;

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function shouldRetry(failures: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return failures < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
