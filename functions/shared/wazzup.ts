/**
 * Wazzup facts both the server and the web app need (reference/messengers.md §1), without the API
 * client, which stays on the server.
 */

/** An API key as the Wazzup cabinet shows it («Интеграции → Интеграция по API»): letters and digits. */
export const WAZZUP_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Where the owner copies the API key. */
export const WAZZUP_CABINET_URL = 'https://app.wazzup24.com';

/** A WhatsApp channel of the account as connecting learned it (connection_data.channels). */
export interface WazzupChannelView {
  id: string;
  /** The channel's name in Wazzup, when it has one. */
  name: string | null;
  /** The WhatsApp number (Wazzup's plainId). */
  phone: string;
  /** Wazzup's state: active, qr / qridle, init, phoneUnavailable, notEnoughMoney, … (any casing). */
  state: string;
}

/** The channel answers and sends: nothing to scan. */
export const isActiveChannelState = (state: string) => state.toLowerCase() === 'active';

/** The channel's state as a catalogue key suffix (wazzup.state.*): known ones by name, else `other`. */
export function channelStateKey(state: string): string {
  const lower = state.toLowerCase();
  if (lower === 'qr' || lower === 'qridle') return 'qr';
  return KNOWN_STATES.has(lower) ? lower : 'other';
}

const KNOWN_STATES = new Set([
  'active',
  'init',
  'disabled',
  'phoneunavailable',
  'openelsewhere',
  'notenoughmoney',
  'foreignphone',
  'unauthorized',
  'waitforpassword',
  'blocked',
]);

/** The learned channels of connection_data, each checked (anything else is dropped). */
export function wazzupChannelsOf(data: Record<string, unknown>): WazzupChannelView[] {
  const list = Array.isArray(data.channels) ? data.channels : [];
  return list.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const one = item as Record<string, unknown>;
    if (typeof one.id !== 'string' || typeof one.phone !== 'string') return [];
    return [
      {
        id: one.id,
        name: typeof one.name === 'string' && one.name !== '' ? one.name : null,
        phone: one.phone,
        state: typeof one.state === 'string' ? one.state : '',
      },
    ];
  });
}

/** A channel's number as people write it (+7…); an account that is not a number stays as it is. */
export const wazzupPhone = (phone: string) => (/^\d+$/.test(phone) ? `+${phone}` : phone);

/** How a channel is named to the owner: its name and number, or the number alone. */
export const wazzupChannelLabel = (channel: Pick<WazzupChannelView, 'name' | 'phone'>) =>
  channel.name ? `${channel.name} (${wazzupPhone(channel.phone)})` : wazzupPhone(channel.phone);
