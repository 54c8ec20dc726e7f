/* Test-only helpers for the data components: providers, and the browser APIs jsdom lacks. */
import { useEffect, useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { App as AntdApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { en } from '../../lib/i18n/messages/en';

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Without Vitest globals, Testing Library cannot unmount between tests on its own.
afterEach(cleanup);

/** The current location, written where a test can read it. */
export const lastLocation: { search: string; pathname: string } = { search: '', pathname: '/' };

function LocationSpy() {
  const location = useLocation();
  useEffect(() => {
    Object.assign(lastLocation, { search: location.search, pathname: location.pathname });
  }, [location]);
  return null;
}

/** Everything a data component needs: router at `url`, React Query, react-intl (English) and antd's App. */
export function TestProviders({ children, url = '/' }: { children: ReactNode; url?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale="en" messages={en} defaultLocale="en">
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntdApp>
            <MemoryRouter initialEntries={[url]}>
              <LocationSpy />
              <Routes>
                <Route path="*" element={children} />
              </Routes>
            </MemoryRouter>
          </AntdApp>
        </ConfigProvider>
      </IntlProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` inside TestProviders at `url` and answers a user-event session to drive it. */
export function renderWithProviders(ui: ReactElement, url = '/') {
  const user = userEvent.setup();
  render(<TestProviders url={url}>{ui}</TestProviders>);
  return user;
}

/**
 * A component that hands a hook's value to `capture` after each render (and shows `view` of it, if given):
 * how a test reads and drives a provider that has no screen of its own.
 */
export function probeOf<T>(useHook: () => T, capture: (value: T) => void, view?: (value: T) => ReactNode) {
  return function Probe() {
    const value = useHook();
    useLayoutEffect(() => capture(value));
    return view ? view(value) : null;
  };
}
