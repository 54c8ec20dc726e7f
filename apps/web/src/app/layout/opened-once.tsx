import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders a drawer or panel that starts closed from the first time `open` is true: its chunk downloads when it
 * is first opened instead of with the shell (decision 024). Once the chunk is there, it is mounted closed and
 * opened in the next render, as it was when it came with the shell (its opening motion and focus handling
 * expect that), and it stays mounted, so that it closes with its animation and reopens at once.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: (open: boolean) => ReactNode }) {
  const [opened, setOpened] = useState(open);
  const [mounted, setMounted] = useState(false);
  // State derived while rendering (React's documented pattern), not in an effect: no render without it.
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      {children(open && mounted)}
      <OnMount onMount={() => setMounted(true)} />
    </Suspense>
  );
}

/** Calls `onMount` once its Suspense boundary has committed, i.e. once the lazy sibling is on the page. */
function OnMount({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}
