import { createContext, useContext, type ReactNode } from 'react';

const InsideShellContext = createContext(false);

/** Marks content rendered inside the signed-in shell, whose `<main>` is already drawn by the shell. */
export function InsideShellProvider({ children }: { children: ReactNode }) {
  return <InsideShellContext.Provider value={true}>{children}</InsideShellContext.Provider>;
}

/** Whether a page must draw its own `<main>` landmark (it stands alone, e.g. the 500 page). */
export function useNeedsMainLandmark(): boolean {
  return !useContext(InsideShellContext);
}
