import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';

/**
 * The Webasyst API of one shop (reference/messengers.md §6.1; webasyst-framework's waAPIController):
 * `GET {shop}/api.php/{app}.{method}?…&access_token=…&format=json`. The token goes as the query
 * parameter, not a header (some hosting firewalls drop `Authorization`). Refusals are
 * `{error, error_description}`: `token_required` (400), `invalid_token` (401, also an expired one),
 * `access_denied` (403: the user lost the app or the scope), `invalid_param` (400/404),
 * `invalid_method` (404), `disabled` (404: the API is switched off), `payment_required` (402).
 */

export class ShopScriptError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`Shop-Script ${status} ${error}${description ? `: ${description}` : ''}`);
    this.name = 'ShopScriptError';
  }

  /** The token no longer opens the shop: the owner connects again. */
  get refused(): boolean {
    return ['token_required', 'invalid_token', 'access_denied'].includes(this.error);
  }
}

const TIMEOUT_MS = 15_000;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The answer's JSON, or the shop's refusal thrown; a page that is not JSON (a firewall, a login page) too. */
export async function shopScriptAnswer(response: Response): Promise<Record<string, unknown>> {
  const raw = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new ShopScriptError(
      response.status,
      'not_json',
      `HTTP ${response.status}: the shop did not answer JSON`,
    );
  }
  const record = asRecord(body);
  // The token endpoint refuses with HTTP 200: the body says it.
  if (typeof record.error === 'string' && record.error)
    throw new ShopScriptError(response.status, record.error, text(record.error_description));
  if (!response.ok) throw new ShopScriptError(response.status, `HTTP ${response.status}`, '');
  return record;
}

/** One product as `shop.product.search` lists it (the columns of shop_product, strings as PHP gives them). */
export interface ShopProductRow {
  id: string;
  name: string;
  summary: string;
  url: string;
  /** Root-relative (or absolute) storefront address, when the shop has a storefront for it. */
  frontend_url: string;
  status: string;
  /** In the shop's default currency. */
  price: string;
  /** The currency the product's prices are entered in (its SKUs' `price`). */
  currency: string;
  /** Units in stock; null is "not counted" (unlimited). */
  count: string | null;
  sku_id: string;
}

export interface ShopSku {
  id: string;
  name: string;
  /** In the product's currency. */
  price: string;
  count: string | null;
  available: boolean;
}

export interface ShopProductInfo extends Omit<ShopProductRow, 'frontend_url'> {
  description: string;
  skus: ShopSku[];
}

const nullableCount = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

const rowOf = (value: unknown): ShopProductRow => {
  const item = asRecord(value);
  return {
    id: String(item.id ?? ''),
    name: text(item.name),
    summary: text(item.summary),
    url: text(item.url),
    frontend_url: text(item.frontend_url),
    status: String(item.status ?? ''),
    price: String(item.price ?? ''),
    currency: text(item.currency),
    count: nullableCount(item.count),
    sku_id: String(item.sku_id ?? ''),
  };
};

const skuOf = (value: unknown): ShopSku => {
  const sku = asRecord(value);
  return {
    id: String(sku.id ?? ''),
    name: text(sku.name),
    price: String(sku.price ?? ''),
    count: nullableCount(sku.count),
    available: sku.available === undefined ? true : String(sku.available) !== '0',
  };
};

/**
 * The text a customer asked for as a full-text `hash` (`search/query=…`): the shop URL-decodes the
 * part after `search/` and splits it at `&`, so the words are encoded once more and an `&` is a space.
 */
export const searchHash = (query: string) =>
  `search/query=${encodeURIComponent(query.replace(/[&\\]/g, ' ').replace(/\s+/g, ' ').trim())}`;

export interface ShopScriptClient {
  /** Products matching `query`, at most `limit`, with their storefront addresses. */
  search(query: string, limit: number): Promise<{ count: number; products: ShopProductRow[] }>;
  /** How many products the shop has (what the token can see): the connection check. */
  countProducts(): Promise<number>;
  product(id: string): Promise<ShopProductInfo>;
}

export function createShopScriptClient(options: {
  base: string;
  token: string;
  fetch: FetchLike;
}): ShopScriptClient {
  const call = async (method: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ ...params, format: 'json', access_token: options.token });
    const response = await options.fetch(`${options.base}/api.php/${method}?${query}`, {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return shopScriptAnswer(response);
  };
  const listing = (body: Record<string, unknown>) => ({
    count: Number(body.count) || 0,
    products: (Array.isArray(body.products) ? body.products : []).map(rowOf),
  });
  return {
    search: async (query, limit) =>
      listing(
        await call('shop.product.search', {
          hash: searchHash(query),
          limit: String(limit),
          fields: 'frontend_url',
        }),
      ),
    countProducts: async () => listing(await call('shop.product.search', { limit: '1' })).count,
    async product(id) {
      const body = await call('shop.product.getInfo', { id });
      return {
        ...rowOf(body),
        description: text(body.description),
        skus: (Array.isArray(body.skus) ? body.skus : []).map(skuOf),
      };
    },
  };
}
