import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children from the first time `open` is true: a drawer or panel that starts closed then downloads
 * its chunk when it is first opened instead of with the shell (decision 024), and stays mounted afterwards so
 * that it closes with its animation and opens again at once.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // State derived while rendering (React's documented pattern), not in an effect: no render without it.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
