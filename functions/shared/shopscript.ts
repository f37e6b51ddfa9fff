/**
 * A Shop-Script shop's address as its owner types it (reference/messengers.md §6.1): the root of
 * the Webasyst installation, where `/api.php` and the consent page `/api.php/auth` live. A bare host
 * becomes https; a pasted backend (`/webasyst/…`) or API (`/api.php/…`) address loses that tail; a
 * query or fragment is dropped. Always https (the guarded fetch reaches nothing else). Shared by the
 * settings form and the server.
 */

const LABEL = '[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?';
const HOST_PATTERN = new RegExp(`^(?=.{1,253}$)${LABEL}(\\.${LABEL})+$`);

/** The shop's address (`https://host[:port][/path]`, no trailing slash), or null when the text is not one. */
export function shopScriptAddress(typed: string): string | null {
  let text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!HOST_PATTERN.test(host)) return null;
  const path = url.pathname
    .replace(/\/(webasyst|api\.php)(\/.*)?$/i, '')
    .replace(/\/+$/, '')
    .replace(/\/{2,}/g, '/');
  return `https://${host}${url.port ? `:${url.port}` : ''}${path}`;
}

/** The address as shown to the owner: host and path without the scheme. */
export const shopScriptHost = (address: string) => address.replace(/^https:\/\//, '');
