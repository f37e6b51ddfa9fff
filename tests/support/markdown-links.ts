import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** A Markdown text without its fenced code blocks, where `# x` is no heading and `[x](y)` no link. */
const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The same without code spans too. */
const withoutCode = (markdown: string) => withoutFences(markdown).replace(/`[^`\n]*`/g, '');

/** Every inline link and image target of a Markdown text, in order (`[text](target "title")`). */
export function linkTargets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] as string,
  );
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export const headingSlug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors a Markdown text's headings make, repeated ones numbered as GitHub does (`-1`, `-2`). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(heading as string);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const external = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The broken relative links of the Markdown file `file`: a target that names no existing file or
 * folder, or an `#anchor` no heading of the target .md file (or of `file` itself) makes. Addresses
 * with a scheme (https:, mailto:) are not checked. Each problem reads `file: target`.
 */
export function brokenLinks(file: string, root: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (external.test(target)) continue;
    const [path = '', anchor] = target.split('#', 2);
    const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    const where = `${relative(root, file)}: ${target}`;
    if (!existsSync(resolved)) {
      problems.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) continue;
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
      problems.push(`${where} (no such heading)`);
    }
  }
  return problems;
}
