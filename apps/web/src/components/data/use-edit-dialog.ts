import { useCallback, useState } from 'react';

/**
 * The state of a create-or-edit dialog opened from a list: `item` is the record edited, none for "new".
 * Closing keeps `item` so the dialog does not change its title while it animates out.
 */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; item?: T }>({ open: false });
  const show = useCallback((item?: T) => setState({ open: true, item }), []);
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  return { open: state.open, item: state.item, show, close };
}

/** What a create-or-edit dialog reads of `useEditDialog`: whether it is open, the record edited (none: "new"), how to close. */
export type EditDialog<T> = Pick<ReturnType<typeof useEditDialog<T>>, 'open' | 'item' | 'close'>;
