import type { Receiver } from '@upstash/qstash';

export interface SignedDelivery {
  /** The `Upstash-Signature` header. */
  signature: string;
  /** The raw body, exactly as received. */
  body: string;
  /** The URL the job was published to; the signature's subject must match it. */
  url: string;
}

export type VerifySignature = (delivery: SignedDelivery) => Promise<boolean>;

/** Seconds of clock skew tolerated between QStash and the Worker on the token's nbf/exp. */
const CLOCK_TOLERANCE_SECONDS = 10;

/** QStash's own check: an HS256 JWT over the body's SHA-256, by the current or the next signing key. */
export function qstashSignatureVerifier(receiver: Receiver): VerifySignature {
  return (delivery) =>
    receiver.verify({ ...delivery, clockTolerance: CLOCK_TOLERANCE_SECONDS }).then(
      () => true,
      () => false,
    );
}
