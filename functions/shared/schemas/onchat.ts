import * as v from 'valibot';
import {
  normaliseDomain,
  ONCHAT_LANGUAGES,
  ONCHAT_LIMITS,
  type OnchatSettings,
  onchatDefaults,
} from '../onchat';
import { msg } from './fields';

const text = (max: number) =>
  v.optional(v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(max, msg('too_long'))));

const flag = v.optional(v.boolean(msg('invalid_value')));

const color = v.pipe(
  v.string(msg('onchat_color_invalid')),
  v.trim(),
  v.regex(/^#[0-9a-f]{6}$/i, msg('onchat_color_invalid')),
  v.toLowerCase(),
);

const domain = v.pipe(
  v.string(msg('onchat_domain_invalid')),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const host = normaliseDomain(dataset.value);
    if (host === null) {
      addIssue({ message: msg('onchat_domain_invalid') });
      return NEVER;
    }
    return host;
  }),
);

/**
 * The widget's settings in connection_data (SPEC §3), as the owner saves them: every field may be
 * left out and takes its default (texts in the widget's language), domains are normalised and
 * deduplicated, unknown keys are dropped. A welcome switched on needs its text; the title is required.
 */
export const onchatSettingsSchema = v.pipe(
  v.object({
    color: v.optional(color),
    language: v.optional(v.picklist(ONCHAT_LANGUAGES, msg('invalid_value'))),
    welcome_enabled: flag,
    welcome_text: text(ONCHAT_LIMITS.welcome_text),
    title: text(ONCHAT_LIMITS.title),
    additional_title: text(ONCHAT_LIMITS.additional_title),
    subtitle: text(ONCHAT_LIMITS.subtitle),
    show_online: flag,
    allowed_domains: v.optional(
      v.pipe(
        v.array(domain, msg('invalid_value')),
        v.maxLength(ONCHAT_LIMITS.domains, msg('onchat_domains_limit')),
        v.transform((items) => [...new Set(items)]),
      ),
    ),
  }),
  // Checked before the defaults are filled in: only an empty text the owner sent is a problem.
  v.forward(
    v.partialCheck(
      [['welcome_enabled'], ['welcome_text']],
      (input) => input.welcome_enabled === false || input.welcome_text !== '',
      msg('onchat_welcome_required'),
    ),
    ['welcome_text'],
  ),
  v.forward(
    v.partialCheck([['title']], (input) => input.title !== '', msg('onchat_title_required')),
    ['title'],
  ),
  v.transform((input): OnchatSettings => {
    const defaults = onchatDefaults(input.language);
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    return { ...defaults, ...given };
  }),
);

export type OnchatSettingsInput = v.InferInput<typeof onchatSettingsSchema>;

/**
 * Stored settings read back for the public widget: whatever is broken or missing in them (an older
 * or hand-edited row) falls back to the default, field by field, instead of failing the visitor.
 * Domains fail closed: broken entries are dropped, and a list left with none allows no site.
 */
export function readOnchatSettings(data: Record<string, unknown>): OnchatSettings {
  const parsed = v.safeParse(onchatSettingsSchema, data);
  if (parsed.success) return parsed.output;
  const language = data.language === 'en' ? 'en' : 'ru';
  const usable = Object.fromEntries(
    Object.keys(onchatDefaults()).flatMap((key) => {
      const one = v.safeParse(onchatSettingsSchema, { language, [key]: data[key] });
      return one.success ? [[key, one.output[key as keyof OnchatSettings]]] : [];
    }),
  );
  const raw = data.allowed_domains ?? [];
  const domains = Array.isArray(raw)
    ? raw.flatMap((item) => (typeof item === 'string' ? (normaliseDomain(item) ?? []) : []))
    : [];
  const broken = !Array.isArray(raw) || (raw.length > 0 && domains.length === 0);
  // "invalid" is a reserved name (RFC 2606) no page is served from.
  const allowed = broken ? ['invalid'] : [...new Set(domains)];
  return { ...onchatDefaults(language), ...usable, allowed_domains: allowed };
}
