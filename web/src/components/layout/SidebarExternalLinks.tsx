import { NavLink, Text } from '@mantine/core';
import { type ExternalLinks, useAppConfig } from '../../api/app-config';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';

const SECTIONS: { id: keyof ExternalLinks; label: MessageId }[] = [
  { id: 'support', label: 'nav.support' },
  { id: 'news', label: 'nav.news' },
  { id: 'docs', label: 'nav.docs' },
];

/**
 * The Support, News and Documentation sidebar items (SPEC §2). Their addresses are the server's
 * configuration (SUPPORT_URL, NEWS_URL, DOCS_URL); one not set is shown as coming later.
 */
export function SidebarExternalLinks() {
  const { t } = useT();
  const { data: config } = useAppConfig();
  return SECTIONS.map(({ id, label }) => {
    const href = config?.links[id];
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
