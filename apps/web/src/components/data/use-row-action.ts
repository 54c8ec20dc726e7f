import { useCallback } from 'react';
import { App } from 'antd';

/** What a failed action shows: the server's message (an `ApiError` carries it) or the thrown value. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a row's action (deactivate, restore, reset…) and says how it went in a toast: `done` turns the result
 * into the success text (or does something else and returns nothing), a failure shows the error's message.
 * `errorSeconds` keeps a failure longer on screen when its message explains something (a legal hold).
 */
export function useRowAction() {
  const { message } = App.useApp();
  return useCallback(
    async <R>(action: () => Promise<R>, done: (result: R) => string | void, errorSeconds?: number) => {
      try {
        const text = done(await action());
        if (text) void message.success(text);
      } catch (error) {
        void message.error(errorSeconds ? { content: errorText(error), duration: errorSeconds } : errorText(error));
      }
    },
    [message],
  );
}
