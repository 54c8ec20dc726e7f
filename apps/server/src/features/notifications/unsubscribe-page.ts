/** The small page behind an unsubscribe link (no script, no external resource: it passes the strict CSP). */
export function unsubscribePage(options: { action: string; done: boolean; digestOnly: boolean }): string {
  const body = options.done
    ? `<h1>Done</h1><p>${
        options.digestOnly
          ? 'Escalations will now arrive in your digest.'
          : 'You will no longer receive these emails. Notifications stay in the app.'
      } You can change this at any time in the notification settings of your profile.</p>`
    : `<h1>Unsubscribe</h1><form method="post" action="${options.action.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">` +
      `<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${
        options.digestOnly ? 'Receive escalations in the digest only' : 'Unsubscribe from these emails'
      }</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribe</title></head><body><main>${body}</main></body></html>`;
}
