import type { Integration } from '../../../db/schema';
import type { ActionRunner, ToolCallInput } from '../../engine/actions/action-runner';
import type { ToolResult, Turn } from '../../engine/turn';
import { SecretUnreadable } from '../../secrets/secret-box';
import { asRecord } from '../../shared/as-record';
import { safeErrorText } from '../../shared/safe-error';
import { shopScriptHost } from '../../shared/shopscript';
import { type ActionOf, accountIntegration } from '../crm-action';
import { ShopScriptNotConnected, shopScriptApi } from './account';
import { type ShopProductInfo, type ShopProductRow, ShopScriptError } from './client';
import { cutText, plainText, priceMinor, priceText } from './product-text';

/**
 * Find products (issue #24 §4): the model searches the shop's catalogue live with the customer's
 * words (`shop.product.search`, full text), and each published product found is read
 * (`shop.product.getInfo`) for its main SKU's price in the product's currency, its variants and
 * stock. The model gets only what the shop said: names, prices, stock where the shop counts it,
 * storefront links and short plain-text descriptions; nothing found is said as such.
 */

type FindProductsAction = ActionOf<'find_products'>;

/** Published in the storefront (0 hidden, -1 unpublished). */
const PUBLISHED = '1';
const SUMMARY_CHARS = 200;
const DESCRIPTION_CHARS = 400;
const MAX_VARIANTS = 5;
const MAX_QUERY_CHARS = 200;

export const FIND_PRODUCTS_PARAMETERS = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        "Words to search the shop's catalogue for: what the customer wants (a product name, kind or brand), in the shop's language",
    },
  },
  required: ['query'],
  additionalProperties: false,
};

interface Outcome {
  ok: boolean;
  say: Record<string, unknown>;
  detail: string;
}

const failed = (detail: string, error = detail): Outcome => ({
  ok: false,
  say: { ok: false, error },
  detail,
});

/** The storefront address of a product: the shop's relative route resolved on the shop's host. */
function productLink(address: string, frontendUrl: string): string | undefined {
  if (!frontendUrl) return undefined;
  try {
    const url = new URL(frontendUrl, `${address}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const money = (value: string, currency: string) => {
  const minor = priceMinor(value);
  return minor === null || !currency ? null : { price: priceText(minor), price_minor: minor, currency };
};

const stockOf = (count: string | null) => (count === null ? {} : { stock: Math.max(0, Number(count) || 0) });

/** What the model reads of one product. */
function productSay(address: string, row: ShopProductRow, info: ShopProductInfo): Record<string, unknown> {
  const main = info.skus.find((sku) => sku.id === info.sku_id) ?? info.skus[0];
  const summary = cutText(plainText(info.summary || row.summary), SUMMARY_CHARS);
  const description = cutText(plainText(info.description), DESCRIPTION_CHARS);
  const variants =
    info.skus.length > 1
      ? info.skus.slice(0, MAX_VARIANTS).map((sku) => ({
          name: plainText(sku.name),
          ...(money(sku.price, info.currency) ?? {}),
          ...stockOf(sku.count),
          ...(sku.available ? {} : { available: false }),
        }))
      : undefined;
  const link = productLink(address, row.frontend_url);
  return {
    name: plainText(info.name || row.name),
    ...(main ? (money(main.price, info.currency) ?? {}) : {}),
    ...stockOf(info.count),
    ...(link ? { url: link } : {}),
    ...(summary ? { summary } : {}),
    ...(description && description !== summary ? { description } : {}),
    ...(variants ? { variants } : {}),
  };
}

async function findProducts(
  turn: Turn,
  integration: Integration,
  query: string,
  max: number,
): Promise<Outcome> {
  const { api, address } = await shopScriptApi(turn.ctx, integration);
  // Hidden products are listed too: ask for a few more than are shown.
  const found = await api.search(query, Math.min(max + 5, 20));
  const published = found.products.filter((row) => row.status === PUBLISHED).slice(0, max);
  const products = await Promise.all(
    published.map(async (row) => productSay(address, row, await api.product(row.id))),
  );
  if (products.length === 0) {
    return {
      ok: true,
      say: {
        ok: true,
        shop: shopScriptHost(address),
        products: [],
        note: 'Nothing in the shop matches this query. Tell the customer so; never offer products, prices or links that are not listed by this tool',
      },
      detail: `nothing found for «${query}»`,
    };
  }
  return {
    ok: true,
    say: {
      ok: true,
      shop: shopScriptHost(address),
      products,
      note: 'Quote only these names, prices (with their currency), stock and links; say nothing about products not listed here',
    },
    detail: `${products.length} found for «${query}»`,
  };
}

async function outcomeOf(turn: Turn, action: FindProductsAction, call: ToolCallInput): Promise<Outcome> {
  const integration = await accountIntegration(turn, action.settings.integration_id);
  if (integration?.type !== 'shopscript' || !integration.activated)
    return failed('the integration is gone or off', 'The shop is not connected');
  const query = plainText(String(asRecord(call.arguments).query ?? '')).slice(0, MAX_QUERY_CHARS);
  if (!query) return failed('no query', 'query must name what to look for');
  return findProducts(turn, integration, query, action.settings.max_products);
}

export const findProductsRunner: ActionRunner<FindProductsAction> = {
  parameters: () => FIND_PRODUCTS_PARAMETERS,
  async run(turn, action, call): Promise<ToolResult> {
    let outcome: Outcome;
    try {
      outcome = await outcomeOf(turn, action, call);
    } catch (error) {
      outcome =
        error instanceof ShopScriptError
          ? error.refused
            ? failed(error.message, 'The shop refused our access: it must be connected again')
            : failed(error.message, `The shop refused the search: ${error.error}`)
          : error instanceof ShopScriptNotConnected || error instanceof SecretUnreadable
            ? failed(error.message, 'The shop is not connected')
            : failed(safeErrorText(error), 'The shop cannot be reached now; offer to look again later');
    }
    turn.actions.push({ name: action.name, type: 'find_products', ok: outcome.ok, detail: outcome.detail });
    return { content: JSON.stringify(outcome.say) };
  },
};
