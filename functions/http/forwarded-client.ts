/**
 * The client address of a request that came through `trustedHops` reverse proxies (TRUST_PROXY).
 * Each proxy appends the address it was reached from to X-Forwarded-For, so counted from the right,
 * [...X-Forwarded-For, socket address] holds the trusted proxies first and then the client; anything
 * further left was written by the client and may be forged. With no trusted hops the header is
 * ignored and the socket address is the client.
 */
export function forwardedClient(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string | undefined {
  if (trustedHops <= 0) return socketAddress;
  // Several header lines form one list, in order (Node's IncomingMessage types allow an array).
  const chain = [forwardedFor ?? '']
    .flat()
    .join(',')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (socketAddress) chain.push(socketAddress);
  // A shorter chain means the request skipped a proxy; its left-most entry is the best there is.
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}
