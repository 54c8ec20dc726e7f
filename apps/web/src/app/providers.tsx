import { use, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { AuthProvider } from '../lib/auth/auth-context';
import { nonceScriptInsertedStyles, readCspNonce } from '../lib/csp-nonce';
import {
  findLoadedLocaleResources,
  getCataloguesVersion,
  loadStartUpLocaleResources,
  subscribeToCatalogues,
} from '../lib/i18n/locale-resources';
import { PreferencesSyncProvider } from '../lib/interface-settings/preferences-sync';
import { InterfaceSettingsProvider, useInterfaceSettings } from '../lib/interface-settings/settings-store';
import { themeConfigFor } from '../lib/interface-settings/theme';
import { queryClient } from './query-client';

const nonce = readCspNonce();
const csp = nonce ? { nonce } : undefined;
nonceScriptInsertedStyles(nonce);

/**
 * Language, direction and theme for react-intl and antd. Before sign-in only the public messages are loaded
 * (lib/i18n/public-keys.ts); the shell brings the whole catalogue. (antd's App, with its message, notification and
 * modal hooks, is in the signed-in shell: the sign-in page does not need it and must stay small.) A language other than English is downloaded on
 * first use; at start-up the app waits for it (the static loader of index.html stays on screen) rather
 * than flash English. Later switches load the language before applying it (see the settings store).
 */
function ThemedIntl({ children }: { children: ReactNode }) {
  const { settings } = useInterfaceSettings();
  const locale = settings.locale.locale;
  // Re-render when the signed-in shell's whole catalogue arrives.
  useSyncExternalStore(subscribeToCatalogues, getCataloguesVersion);
  const resources = findLoadedLocaleResources(locale) ?? use(loadStartUpLocaleResources(locale));
  return (
    <IntlProvider locale={locale} messages={resources.messages} defaultLocale="en">
      <ConfigProvider
        csp={csp}
        theme={themeConfigFor(settings.themeType)}
        locale={resources.antd}
        direction={settings.isDirectionRTL ? 'rtl' : 'ltr'}
      >
        {children}
      </ConfigProvider>
    </IntlProvider>
  );
}

/** Every provider of the app, outermost first. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <InterfaceSettingsProvider>
        <ThemedIntl>
          <AuthProvider>
            <PreferencesSyncProvider>{children}</PreferencesSyncProvider>
          </AuthProvider>
        </ThemedIntl>
      </InterfaceSettingsProvider>
    </QueryClientProvider>
  );
}
