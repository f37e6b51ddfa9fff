import { NavLink, Text } from '@mantine/core';
import { API_DOCS_PATH } from '../../../../functions/shared/api-docs';
import { type ExternalLinks, useAppConfig } from '../../api/app-config';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

const SECTIONS: { id: keyof ExternalLinks; label: MessageId; fallback?: string }[] = [
  { id: 'support', label: 'nav.support' },
  { id: 'news', label: 'nav.news' },
  // Without DOCS_URL, Documentation is the installation's own API reference.
  { id: 'docs', label: 'nav.docs', fallback: API_DOCS_PATH },
];

/**
 * The Support, News and Documentation sidebar items (SPEC §2). Their addresses are the server's
 * configuration (SUPPORT_URL, NEWS_URL, DOCS_URL); one not set is shown as coming later, except
 * Documentation, which then opens the API reference (/api/docs).
 */
export function SidebarExternalLinks() {
  const { t } = useT();
  const { data: config } = useAppConfig();
  return SECTIONS.map(({ id, label, fallback }) => {
    const href = config ? (config.links[id] ?? fallback) : undefined;
    return href ? (
      <NavLink
        key={id}
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        label={t(label)}
        // Opens in a new tab, unlike the items above.
        rightSection={
          <Text span size="sm" c="dimmed" aria-hidden>
            ↗
          </Text>
        }
        data-testid={`nav-${id}`}
      />
    ) : (
      <NavLink
        key={id}
        component="span"
        label={t(label)}
        description={
          <Text span size="xs">
            {t('nav.link_unavailable')}
          </Text>
        }
        disabled
        data-testid={`nav-${id}`}
      />
    );
  });
}
