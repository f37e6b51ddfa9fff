import { createHmac, randomUUID } from 'node:crypto';

/**
 * The fake amoCRM's outgoing hooks (reference/crm.md §1.12, §1.2): classic account webhooks,
 * form-urlencoded with PHP-style keys and string values, posted with a 2 s timeout; any 2xx counts;
 * a failure is retried after the schedule's delays (amo: 5, 15, 15, 60 min): attempts 2 and 3 after
 * a code outside 100–299, attempts 4 and 5 only after 499, 5xx or no answer. A destination with more
 * than 100 failures within 2 h is disabled. Also the integration's disconnect hook (a signed GET).
 */

export interface AmoDelivery {
  id: string;
  destination: string;
  /** The form-urlencoded body, the same on every attempt. */
  body: string;
  /** The HTTP status of each attempt; null when nobody answered within 2 s. */
  statuses: (number | null)[];
}

export const WEBHOOK_TIMEOUT_MS = 2_000;
export const DEFAULT_RETRY_DELAYS_MS = [300_000, 900_000, 900_000, 3_600_000];
const DISABLE_AFTER = 100;
const DISABLE_WINDOW_MS = 2 * 3_600_000;

/**
 * PHP's http_build_query: nested objects and arrays as `a[b][0][c]=…`, every value a string
 * (true "1", false "0"), null and undefined left out, brackets percent-encoded, spaces as `+`.
 */
export function phpForm(value: Record<string, unknown>): string {
  const form = new URLSearchParams();
  const walk = (prefix: string, item: unknown) => {
    if (item === null || item === undefined) return;
    if (typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) walk(prefix ? `${prefix}[${key}]` : key, inner);
      return;
    }
    form.append(prefix, typeof item === 'boolean' ? (item ? '1' : '0') : String(item));
  };
  walk('', value);
  return form.toString();
}

const ok = (status: number | null) => status !== null && status >= 100 && status < 300;

/** Whether attempt `next` follows a failed attempt that got `status` (amo's two retry rules). */
const retries = (next: number, status: number | null) =>
  next <= 3 ? !ok(status) : status === null || status === 499 || (status >= 500 && status < 600);

export function createAmoDeliveries(options: { retryDelaysMs: number[]; now: () => number }) {
  const deliveries: AmoDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const failures = new Map<string, number[]>();
  const timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  /** Destinations switched off after too many failures (amo notifies the admins). */
  const disabled = new Set<string>();
  let closed = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  const sleep = (ms: number) =>
    new Promise<void>((wake) => {
      const entry = { timer: setTimeout(() => done(), ms), wake: () => done() };
      const done = () => {
        clearTimeout(entry.timer);
        timers.delete(entry);
        wake();
      };
      timers.add(entry);
    });

  async function post(delivery: AmoDelivery): Promise<number | null> {
    let status: number | null = null;
    try {
      const response = await fetch(delivery.destination, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'amoCRM-Webhooks/3.0' },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      status = response.status;
    } catch {
      status = null;
    }
    delivery.statuses.push(status);
    if (!ok(status)) {
      const now = options.now();
      const recent = (failures.get(delivery.destination) ?? []).filter((at) => now - at < DISABLE_WINDOW_MS);
      recent.push(now);
      failures.set(delivery.destination, recent);
      if (recent.length > DISABLE_AFTER) disabled.add(delivery.destination);
    }
    return status;
  }

  /** Posts `body` to `destination` and retries on the schedule; resolves with the first attempt's status. */
  function deliver(destination: string, body: string): Promise<number | null> {
    const delivery: AmoDelivery = { id: randomUUID(), destination, body, statuses: [] };
    deliveries.push(delivery);
    const first = post(delivery);
    track(
      (async () => {
        let status = await first;
        for (let attempt = 2; !ok(status) && retries(attempt, status); attempt++) {
          const delay = options.retryDelaysMs[attempt - 2];
          if (delay === undefined || closed) return;
          await sleep(delay);
          if (closed || disabled.has(destination)) return;
          status = await post(delivery);
        }
      })(),
    );
    return first;
  }

  return {
    deliveries,
    disabled,
    deliver,
    /** Posts a delivery again now, once (the same body). */
    redeliver(id: string): Promise<number | null> {
      const delivery = deliveries.find((one) => one.id === id);
      if (!delivery) throw new Error(`no delivery ${id}`);
      return track(post(delivery));
    },
    /** Resolves when no delivery is under way and no retry is waiting. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** Stops waiting retries (the fake is closing). */
    close(): void {
      closed = true;
      for (const entry of [...timers]) entry.wake();
    },
  };
}

/**
 * The URL of the GET amoCRM sends to the disconnect-hook URL when the owner switches the
 * integration off: `client_uuid`, `client_id`, `account_id` and
 * `signature = hex HMAC-SHA256(client_secret, "{client_uuid}|{account_id}")`.
 */
export function disconnectHookUrl(
  productUrl: string,
  integration: { clientId: string; clientSecret: string; accountId: number },
): string {
  const url = new URL(productUrl);
  const signature = createHmac('sha256', integration.clientSecret)
    .update(`${integration.clientId}|${integration.accountId}`)
    .digest('hex');
  url.searchParams.set('client_uuid', integration.clientId);
  url.searchParams.set('client_id', integration.clientId);
  url.searchParams.set('account_id', String(integration.accountId));
  url.searchParams.set('signature', signature);
  return url.toString();
}

/** Performs the disconnect hook's GET; answers the status, or null when nobody answered. */
export async function sendDisconnectHook(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}

/** One chat message as `message[add]` carries it (reference §1.12 wire capture). */
export interface AmoChatMessage {
  id: string;
  chatId: string;
  talkId: number;
  contactId: number;
  leadId: number;
  text: string;
  createdAt: number;
  type: 'incoming' | 'outgoing';
  author: { id: string; type: 'external' | 'user' | 'bot'; name: string };
  origin: string;
}

/** The form body of an "Incoming message received" account webhook. */
export function messageAddForm(
  account: { subdomain: string; id: number; self: string },
  message: AmoChatMessage,
): string {
  return phpForm({
    account: { subdomain: account.subdomain, id: account.id, _links: { self: account.self } },
    message: {
      add: [
        {
          id: message.id,
          chat_id: message.chatId,
          talk_id: message.talkId,
          contact_id: message.contactId,
          text: message.text,
          created_at: message.createdAt,
          element_type: 2,
          entity_type: 'lead',
          element_id: message.leadId,
          entity_id: message.leadId,
          type: message.type,
          author: message.author,
          origin: message.origin,
        },
      ],
    },
  });
}
