import autocannon, { type Request } from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Drives `url` with keep-alive connections for `seconds`, after a second of the same load that is
 * not counted (the first requests of a route pay for what is made once: code compiled, statements
 * prepared), and reports throughput and latency.
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  request: { method?: 'GET' | 'POST'; body?: string; requests?: Request[] } = {},
  seconds = 5,
): Promise<LoadFigures> {
  // autocannon runs `warmup` first with the same requests; its types do not list the option.
  const options: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    url,
    headers,
    connections: 16,
    duration: seconds,
    warmup: { connections: 16, duration: 1 },
    ...request,
  };
  const result = await autocannon(options);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
