import PUBLIC_MESSAGE_PREFIXES from './public-message-prefixes.json' with { type: 'json' };

/**
 * The messages a visitor who is not signed in can see (sign-in, sign-up, the loaders and the error pages):
 * the keys that start with one of public-message-prefixes.json. Only these come with the sign-in page; the
 * rest of a catalogue is downloaded with the signed-in shell, so that the first page stays small however
 * many strings the screens add. The list is JSON because the build (vite.config.ts) reads it too.
 */
export { PUBLIC_MESSAGE_PREFIXES };

export function isPublicMessageKey(key: string): boolean {
  return PUBLIC_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}
