import autocannon, { type Request } from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Drives `url` with keep-alive connections for `seconds` and reports throughput and latency. */
export async function load(
  url: string,
  headers: Record<string, string>,
  request: { method?: 'GET' | 'POST'; body?: string; requests?: Request[] } = {},
  seconds = 5,
): Promise<LoadFigures> {
  const result = await autocannon({ url, headers, connections: 16, duration: seconds, ...request });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
