/**
 * Splits a text into parts of at most `limit` UTF-16 code units (how Telegram counts a message's
 * length), in order. A part ends at the last paragraph break, else line break, else space inside its
 * window, when that falls in the window's second half; otherwise it is cut at the limit, never
 * between the two halves of a surrogate pair. The separator at a cut is dropped, blank parts too.
 */
export function splitMessage(text: string, limit: number): string[] {
  if (limit < 2) throw new RangeError('limit must be at least 2');
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit + 1);
    let cut = -1;
    for (const separator of ['\n\n', '\n', ' ']) {
      const at = window.lastIndexOf(separator, limit);
      if (at >= limit / 2) {
        cut = at;
        break;
      }
    }
    if (cut === -1) {
      cut = limit;
      const last = rest.charCodeAt(cut - 1);
      if (last >= 0xd800 && last <= 0xdbff) cut--;
    }
    const part = rest.slice(0, cut).trimEnd();
    if (part) parts.push(part);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}
