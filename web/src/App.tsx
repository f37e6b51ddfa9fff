import { I18nProvider } from '@lingui/react';
import { createTheme, MantineProvider, Tabs } from '@mantine/core';
import { type createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from './api/swr';
import { DeferredNotifications } from './components/DeferredNotifications';
import { i18n } from './i18n/i18n';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  components: {
    // On a phone a row of tabs scrolls sideways instead of wrapping under itself.
    Tabs: Tabs.extend({
      styles: {
        list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'none' },
        tab: { flexShrink: 0 },
      },
    }),
  },
});

type Router = ReturnType<typeof createBrowserRouter>;

/** Providers: Lingui (language), Mantine (UI kit, notifications), SWR (data), the router. */
export function App({ router }: { router: Router }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <DeferredNotifications />
        <SWRConfig value={swrConfig}>
          <RouterProvider router={router} />
        </SWRConfig>
      </MantineProvider>
    </I18nProvider>
  );
}
