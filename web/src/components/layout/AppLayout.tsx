import { AppShell, Burger, Button, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { logout } from '../../api/auth';
import type { Profile } from '../../api/profile';
import { useT } from '../../i18n/use-t';
import { SubscriptionSuggestionModal } from '../SubscriptionSuggestionModal';
import { CriticalBalanceBanner, ExpiredBanner, ExpiringBanner } from './BillingBanners';
import { ClientAccountBanner } from './ClientAccountBanner';
import { DemoBanner } from './DemoBanner';
import { NavbarControl } from './navbar-control';
import { Sidebar } from './Sidebar';

/** The signed-in frame: header with the account and sign-out, the §2 sidebar, the demo and
 * billing banners (critical balance, expiring subscription) and the subscription suggestion modal. */
export function AppLayout({ profile, children }: { profile: Profile; children: ReactNode }) {
  const { t } = useT();
  const [opened, { toggle, open, close }] = useDisclosure();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    await logout();
  };

  return (
    <NavbarControl.Provider value={{ open, close }}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t(opened ? 'nav.close_menu' : 'nav.open_menu')}
              />
              <Title order={4} component="p">
                {t('app.title')}
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" visibleFrom="xs" data-testid="header-user">
                {profile.name}
              </Text>
              <Button variant="default" size="xs" onClick={signOut} loading={signingOut}>
                {t('nav.sign_out')}
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <ClientAccountBanner profile={profile} />
          <DemoBanner profile={profile} />
          <CriticalBalanceBanner />
          <ExpiringBanner />
          <ExpiredBanner />
          {children}
          <SubscriptionSuggestionModal />
        </AppShell.Main>
      </AppShell>
    </NavbarControl.Provider>
  );
}
