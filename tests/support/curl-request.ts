/**
 * The request a documented curl command makes, read without a shell: `curl [-X METHOD] "URL"
 * [-H "Name: value"]... [-d 'body']`, lines joined by a trailing backslash, `$NAME` expanded from
 * `variables` outside single quotes. Anything else (another flag, an unknown variable) throws, so an
 * example that this cannot read fails its test instead of being skipped.
 */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function expand(text: string, variables: Record<string, string>): string {
  return text.replace(/\$(?:\{(\w+)\}|(\w+))/g, (_, braced: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare ?? '';
    const value = variables[name];
    if (value === undefined) throw new Error(`curl example uses $${name}, which the test does not set`);
    return value;
  });
}

/** Splits a command line into words the way sh does for quotes and variables (no globs or escapes). */
function shellWords(line: string, variables: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  while (i < line.length) {
    const char = line[i] as string;
    if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
      i += 1;
    } else if (char === "'" || char === '"') {
      const end = line.indexOf(char, i + 1);
      if (end < 0) throw new Error(`unclosed ${char} in a curl example`);
      const quoted = line.slice(i + 1, end);
      word = (word ?? '') + (char === "'" ? quoted : expand(quoted, variables));
      i = end + 1;
    } else {
      const bare = /^[^\s'"]+/.exec(line.slice(i))?.[0] ?? char;
      word = (word ?? '') + expand(bare, variables);
      i += bare.length;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

export function curlRequest(source: string, variables: Record<string, string>): CurlRequest {
  const [command, ...args] = shellWords(source.replace(/\\\n/g, ' '), variables);
  if (command !== 'curl') throw new Error(`not a curl command: ${source}`);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new Error(`${arg} without a value`);
      return next;
    };
    if (arg === '-X') method = value();
    else if (arg === '-H') {
      const header = value();
      const colon = header.indexOf(':');
      if (colon < 1) throw new Error(`not a header: ${header}`);
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (arg === '-d') body = value();
    else if (arg.startsWith('-')) throw new Error(`curl flag ${arg} is not understood here`);
    else if (url === undefined) url = arg;
    else throw new Error(`a second URL: ${arg}`);
  }
  if (!url) throw new Error(`no URL in ${source}`);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}
