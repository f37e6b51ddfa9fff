import { Divider, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useProfile } from '../../api/profile';
import { usePartnerToken } from '../../api/session';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { SidebarExternalLinks } from './SidebarExternalLinks';
import { useBackToPartner } from './use-back-to-partner';

interface Section {
  id: string;
  label: MessageId;
  to: string;
}

/** SPEC §2 sidebar sections, in order; Partner account is added while a partner works in a client account. */
const MAIN_SECTIONS: Section[] = [
  { id: 'chats', label: 'nav.chats', to: PATHS.chats },
  { id: 'bots', label: 'nav.bots', to: PATHS.bots },
  { id: 'check', label: 'nav.check', to: PATHS.check },
  { id: 'history', label: 'nav.history', to: PATHS.history },
  { id: 'balance', label: 'nav.balance', to: PATHS.balance },
  { id: 'integrations', label: 'nav.integrations', to: PATHS.integrations },
  { id: 'settings', label: 'nav.settings', to: PATHS.profile },
  { id: 'partner', label: 'nav.partner', to: PATHS.partner },
];

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const partnerToken = usePartnerToken();
  const { data: profile } = useProfile();
  const backToPartner = useBackToPartner(onNavigate);

  const link = (section: Section) => (
    <NavLink
      key={section.id}
      component={Link}
      to={section.to}
      label={t(section.label)}
      active={isActive(pathname, section.to)}
      onClick={onNavigate}
      data-testid={`nav-${section.id}`}
    />
  );

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={2} component="nav" aria-label={t('nav.label')} p="xs">
        {MAIN_SECTIONS.map(link)}
        {partnerToken && (
          <NavLink
            component="button"
            type="button"
            label={profile ? t('partner.inside.nav', { name: profile.name }) : t('nav.partner_account')}
            description={t('nav.partner_account_back')}
            onClick={backToPartner}
            data-testid="nav-partner-account"
          />
        )}
        {link({ id: 'ai_assistant', label: 'nav.ai_assistant', to: PATHS.aiAssistant })}
        <Divider my="xs" />
        <SidebarExternalLinks />
      </Stack>
    </ScrollArea>
  );
}
