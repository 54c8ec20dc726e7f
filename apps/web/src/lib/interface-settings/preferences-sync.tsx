import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_PREFERENCES, type Preferences } from '@rtms/shared/interface-settings';
import { useAuth } from '../auth/auth-context';
import { reportError } from '../error-reporting';
import { loadLocaleResources } from '../i18n/locale-resources';
import { fetchPreferences, savePreferences } from './preferences-api';
import { preferencesOf, useInterfaceSettings } from './settings-store';

/** Changes are sent this long after the last one, so that trying out options makes one request. */
export const SAVE_DELAY_MS = 600;

export type SyncStatus = 'idle' | 'saving' | 'saved' | 'failed';
const SyncStatusContext = createContext<SyncStatus>('idle');

const serialize = (preferences: Preferences) => JSON.stringify(preferencesOf(preferences));
const DEFAULTS = serialize(DEFAULT_PREFERENCES);

/** `server`, with every setting that went from `before` to `after` on this device taken from `after`. */
function mergeChanges(server: Preferences, before: Preferences, after: Preferences): Preferences {
  const merged: Record<string, unknown> = { ...server };
  for (const key of Object.keys(after) as (keyof Preferences)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) merged[key] = after[key];
  }
  // The direction belongs to the language.
  if (JSON.stringify(after.locale) !== JSON.stringify(before.locale)) merged.isDirectionRTL = after.isDirectionRTL;
  return merged as unknown as Preferences;
}

/**
 * Keeps the interface settings in step with the server (per user, across devices): loads them
 * after sign-in or session restore and applies them; saves every change, debounced; sends a pending
 * change with `keepalive` when the page goes away.
 *
 * A server copy equal to the defaults means "never chosen": then what the user chose on this device before
 * signing in (say, Arabic on the sign-in page) is kept and saved instead of being reset. A setting the user
 * changes while the server copy is still on its way is newer than it: it is kept (the others come from the
 * server) and saved.
 */
export function PreferencesSyncProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { settings, replace } = useInterfaceSettings();
  const userId = status === 'signedIn' ? user?._id : undefined;
  // The status belongs to the user it was reached for: another sign-in starts from 'idle'.
  const [syncState, setSyncState] = useState<{ userId?: string; status: SyncStatus }>({ status: 'idle' });
  const syncStatus = syncState.userId === userId ? syncState.status : 'idle';
  const currentUser = useRef(userId);
  useLayoutEffect(() => {
    currentUser.current = userId;
  }, [userId]);
  const setSyncStatus = useCallback(
    (next: SyncStatus) => setSyncState({ userId: currentUser.current, status: next }),
    [],
  );
  const current = serialize(settings);
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  }, [current]);
  /** What the server holds; null until it has been read for this user. */
  const synced = useRef<string | null>(null);
  /** Bumped when the server copy arrives under a newer local change, so that the merge is saved. */
  const [syncedVersion, setSyncedVersion] = useState(0);

  const flush = useCallback(
    (keepalive = false) => {
      const wanted = latest.current;
      if (synced.current === null || wanted === synced.current) return;
      setSyncStatus('saving');
      savePreferences(JSON.parse(wanted) as Preferences, { keepalive }).then(
        () => {
          synced.current = wanted;
          setSyncStatus('saved');
        },
        (error: unknown) => {
          reportError(error, { during: 'save preferences' });
          setSyncStatus('failed');
        },
      );
    },
    [setSyncStatus],
  );

  useEffect(() => {
    synced.current = null;
    if (!userId) return;
    const controller = new AbortController();
    // What this device showed when the read started: a change made before the answer arrives is newer.
    const atStart = latest.current;
    fetchPreferences(controller.signal)
      // The server's language is loaded first, so that its settings apply in one step (and a save of a
      // half-applied state cannot happen on a slow network).
      .then(async (server) => {
        await loadLocaleResources(server.locale.locale);
        return server;
      })
      .then(
        (server) => {
          if (controller.signal.aborted) return;
          const fromServer = serialize(server);
          synced.current = fromServer;
          if (fromServer === DEFAULTS && latest.current !== DEFAULTS) {
            flush();
          } else if (latest.current !== atStart) {
            // The settings the user changed meanwhile win; the others come from the server. The save
            // effect then sends the result (it runs again because `synced` changed).
            replace(
              mergeChanges(server, JSON.parse(atStart) as Preferences, JSON.parse(latest.current) as Preferences),
            );
            setSyncedVersion((version) => version + 1);
          } else {
            replace(server);
          }
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Unreadable: keep this device's settings and save only what the user changes from now on.
          reportError(error, { during: 'load preferences' });
          synced.current = latest.current;
        },
      );
    return () => controller.abort();
  }, [userId, replace, flush]);

  useEffect(() => {
    if (!userId || synced.current === null || current === synced.current) return;
    const timer = setTimeout(() => flush(), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, userId, flush, syncedVersion]);

  useEffect(() => {
    if (!userId) return;
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [userId, flush]);

  return <SyncStatusContext.Provider value={syncStatus}>{children}</SyncStatusContext.Provider>;
}

/** Whether the last change reached the server (the settings panel says so when it did not). */
export function usePreferencesSyncStatus(): SyncStatus {
  return useContext(SyncStatusContext);
}
