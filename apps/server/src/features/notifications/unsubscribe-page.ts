import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import { CATEGORY_GROUP, EMAIL_MESSAGES, fill, type EmailLanguage } from './email-messages';
import type { UnsubscribeScope } from './unsubscribe-links';

/** The page's own texts; `{kind}` is the kind of email the link came from (the email's group heading). */
interface PageTexts {
  title: string;
  confirmKind: string;
  confirmAll: string;
  doneKind: string;
  doneAll: string;
  doneEscalation: string;
  settings: string;
}

const TEXTS: Record<EmailLanguage, PageTexts> = {
  en: {
    title: 'Unsubscribe',
    confirmKind: 'Stop the “{kind}” emails',
    confirmAll: 'Stop the reminder emails',
    doneKind: 'You will no longer receive “{kind}” emails. Notifications stay in the app.',
    doneAll: 'You will no longer receive reminder emails. Escalations and notifications in the app stay.',
    doneEscalation: 'Escalations will now arrive in your digest.',
    settings: 'You can change this at any time in the notification settings of your profile.',
  },
  es: {
    title: 'Cancelar la suscripción',
    confirmKind: 'Dejar de recibir los correos «{kind}»',
    confirmAll: 'Dejar de recibir los correos de recordatorio',
    doneKind: 'Ya no recibirá correos «{kind}». Las notificaciones siguen en la aplicación.',
    doneAll: 'Ya no recibirá correos de recordatorio. Los escalamientos y las notificaciones de la aplicación siguen.',
    doneEscalation: 'Los escalamientos llegarán ahora en su resumen.',
    settings: 'Puede cambiarlo en cualquier momento en la configuración de notificaciones de su perfil.',
  },
  zh: {
    title: '退订',
    confirmKind: '不再接收“{kind}”邮件',
    confirmAll: '不再接收提醒邮件',
    doneKind: '您将不再收到“{kind}”邮件。通知仍会显示在应用中。',
    doneAll: '您将不再收到提醒邮件。升级通知和应用中的通知不受影响。',
    doneEscalation: '升级通知今后将在摘要中发送。',
    settings: '您可以随时在个人资料的通知设置中更改。',
  },
  fr: {
    title: 'Se désabonner',
    confirmKind: 'Ne plus recevoir les e-mails « {kind} »',
    confirmAll: 'Ne plus recevoir les e-mails de rappel',
    doneKind: "Vous ne recevrez plus d'e-mails « {kind} ». Les notifications restent dans l'application.",
    doneAll: "Vous ne recevrez plus d'e-mails de rappel. Les escalades et les notifications de l'application restent.",
    doneEscalation: 'Les escalades arriveront désormais dans votre récapitulatif.',
    settings: 'Vous pouvez changer cela à tout moment dans les paramètres de notification de votre profil.',
  },
  it: {
    title: 'Annulla iscrizione',
    confirmKind: 'Non ricevere più le email «{kind}»',
    confirmAll: 'Non ricevere più le email di promemoria',
    doneKind: "Non riceverai più email «{kind}». Le notifiche restano nell'applicazione.",
    doneAll: "Non riceverai più email di promemoria. Le escalation e le notifiche nell'applicazione restano.",
    doneEscalation: 'Le escalation arriveranno ora nel tuo riepilogo.',
    settings: 'Puoi cambiarlo in qualsiasi momento nelle impostazioni delle notifiche del tuo profilo.',
  },
  ar: {
    title: 'إلغاء الاشتراك',
    confirmKind: 'إيقاف رسائل «{kind}»',
    confirmAll: 'إيقاف رسائل التذكير',
    doneKind: 'لن تصلك رسائل «{kind}» بعد الآن. تبقى الإشعارات في التطبيق.',
    doneAll: 'لن تصلك رسائل التذكير بعد الآن. تبقى التصعيدات والإشعارات في التطبيق.',
    doneEscalation: 'ستصلك التصعيدات الآن في الملخص.',
    settings: 'يمكنك تغيير ذلك في أي وقت من إعدادات الإشعارات في ملفك الشخصي.',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// The app's look (its brand green, card, radius and system font) in style attributes only: the strict CSP
// allows no script, no external resource and no style element without a nonce, but allows style attributes.
const BODY =
  'margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f5f5;' +
  'font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",Tahoma,Arial,sans-serif;' +
  'color:#1f1f1f;font-size:14px;line-height:1.6';
const CARD =
  'box-sizing:border-box;width:min(440px,calc(100vw - 32px));background:#fff;border-radius:8px;' +
  'box-shadow:0 6px 16px rgba(0,0,0,.08),0 3px 6px -4px rgba(0,0,0,.12);padding:24px';
const BRAND = 'margin:0 0 16px;font-size:14px;font-weight:600;color:#0f6b3e;letter-spacing:.02em';
const TITLE = 'margin:0 0 12px;font-size:20px;font-weight:600';
const BUTTON =
  'appearance:none;border:0;border-radius:8px;background:#0f6b3e;color:#fff;font:inherit;font-weight:500;' +
  'padding:8px 16px;min-height:40px;cursor:pointer;max-width:100%';
const NOTE = 'margin:16px 0 0;color:#595959;font-size:13px';

/** A paragraph of the page (`note`: the small grey one under the action). */
export function pageParagraph(text: string, note = false): string {
  return note ? `<p style="${NOTE}">${escapeHtml(text)}</p>` : `<p style="margin:0">${escapeHtml(text)}</p>`;
}

/** The confirmation button: a form that posts the one-click body to the link's own address. */
export function confirmForm(action: string, label: string): string {
  return (
    `<form method="post" action="${escapeHtml(action)}" style="margin:0">` +
    `<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="${BUTTON}">${escapeHtml(
      label,
    )}</button></form>`
  );
}

/**
 * The frame of a page behind a link of an email (the app's name, a title and `body`, already HTML), in the
 * recipient's language (right to left in Arabic). No script, no external resource: it passes the strict CSP.
 */
export function linkPage(language: EmailLanguage, appName: string, title: string, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(appName)}</title></head>` +
    `<body style='${BODY}'><main style="${CARD}"><p style="${BRAND}">${escapeHtml(appName)}</p>` +
    `<h1 style="${TITLE}">${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

/**
 * The page behind an unsubscribe link, in the recipient's language, naming the kind of email the link turns off.
 */
export function unsubscribePage(options: {
  action: string;
  done: boolean;
  scope: UnsubscribeScope;
  language: EmailLanguage;
  appName: string;
}): string {
  const texts = TEXTS[options.language];
  const kind =
    options.scope === 'ALL'
      ? null
      : EMAIL_MESSAGES[options.language][CATEGORY_GROUP[options.scope as NotificationCategory]];
  const escalation = options.scope === 'ESCALATION';
  const body = options.done
    ? pageParagraph(escalation ? texts.doneEscalation : kind ? fill(texts.doneKind, { kind }) : texts.doneAll) +
      pageParagraph(texts.settings, true)
    : confirmForm(
        options.action,
        escalation
          ? EMAIL_MESSAGES[options.language].escalationDigestOnly
          : kind
            ? fill(texts.confirmKind, { kind })
            : texts.confirmAll,
      ) + pageParagraph(texts.settings, true);
  return linkPage(options.language, options.appName, texts.title, body);
}
