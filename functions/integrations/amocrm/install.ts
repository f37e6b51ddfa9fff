import { openTicket, sealTicket, ticketText } from '../../secrets/sealed-ticket';
import { type AmoType, amoAccountDomain, isAmoType } from '../../shared/amocrm';

/**
 * What amoCRM / Kommo's redirect to /amo/install brought (reference/crm.md §1.2): the authorisation
 * code, the account's domain and, when the owner started the consent here, our state. The browser
 * hands it to the server at once, which seals it into a ticket that lives as long as the code (20
 * minutes): the code never waits in the browser in the clear, and it is spent only by a signed-in
 * owner, either through the state the consent was started with (consent.ts) or, for an install
 * from amoCRM's market (no state), after confirming on screen which account joins theirs.
 */

export interface AmoInstall {
  type: AmoType;
  code: string;
  /** The account's domain, checked to be one of the host's. */
  referer: string;
  /** Our state when the owner started the consent here; '' for a market install. */
  state: string;
}

/** amoCRM's authorisation code lives 20 minutes (reference §1.2). */
export const AMO_INSTALL_TTL_MS = 20 * 60_000;
const LABEL = 'amocrm.install';

const CODE = /^[A-Za-z0-9._~+/=-]{1,4096}$/;
const STATE = /^[A-Za-z0-9_-]{1,128}$/;

/** The redirect's query read; null when it is not a consent's return. */
export function readAmoRedirect(query: {
  code?: unknown;
  referer?: unknown;
  state?: unknown;
  type?: unknown;
}): AmoInstall | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const type = text(query.type);
  if (!isAmoType(type)) return null;
  const code = text(query.code);
  const referer = amoAccountDomain(type, query.referer);
  const state = text(query.state);
  if (!CODE.test(code) || !referer || (state !== '' && !STATE.test(state))) return null;
  return { type, code, referer, state };
}

export const sealAmoInstall = (keyText: string, install: AmoInstall, now: Date) =>
  sealTicket(keyText, LABEL, install, AMO_INSTALL_TTL_MS, now);

/** The install a ticket holds; null when it is not one of ours, was altered, or expired. */
export async function openAmoInstall(
  keyText: string,
  ticket: unknown,
  now: Date,
): Promise<AmoInstall | null> {
  const data = await openTicket(keyText, LABEL, ticket, now);
  if (!data) return null;
  return readAmoRedirect({
    type: ticketText(data, 'type'),
    code: ticketText(data, 'code'),
    referer: ticketText(data, 'referer'),
    state: ticketText(data, 'state'),
  });
}
