import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import { CATEGORY_GROUP, EMAIL_MESSAGES, fill, type EmailLanguage, type EmailMessages } from './email-messages';

/** One task in a reminder email, worded for the day of sending. */
export interface EmailItem {
  category: NotificationCategory;
  taskTitle: string;
  facilityName: string;
  dueDate: string;
  /** Days until the due date on the day of sending (negative: overdue). */
  daysUntilDue: number;
  taskUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function values(item: EmailItem, language: EmailLanguage) {
  return {
    title: item.taskTitle,
    facility: item.facilityName,
    date: item.dueDate,
    // "tomorrow", "in 7 days", "9 days ago": plural rules of every language, from Intl.
    when: new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(item.daysUntilDue, 'day'),
  };
}

function lineOf(m: EmailMessages, item: EmailItem, language: EmailLanguage): string {
  const v = values(item, language);
  if (item.category === 'ESCALATION') return fill(m.lineEscalation, v);
  if (item.daysUntilDue < 0) return fill(m.lineOverdue, v);
  if (item.daysUntilDue === 0) return fill(m.lineDueToday, v);
  if (item.category === 'TASK_OPENED') return fill(m.lineOpened, v);
  return fill(m.lineDueIn, v);
}

function subjectOf(m: EmailMessages, item: EmailItem, appName: string, language: EmailLanguage): string {
  const v = values(item, language);
  let subject: string;
  if (item.category === 'ESCALATION') subject = fill(m.subjectEscalation, v);
  else if (item.daysUntilDue < 0) subject = fill(m.subjectOverdue, v);
  else if (item.daysUntilDue === 0) subject = fill(m.subjectDueToday, v);
  else if (item.category === 'TASK_OPENED') subject = fill(m.subjectOpened, v);
  else subject = fill(m.subjectDueSoon, v);
  return `[${appName}] ${subject}`;
}

function layout(language: EmailLanguage, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;font-size:14px;color:#1f1f1f">${body}</body></html>`;
}

export interface RenderContext {
  language: EmailLanguage;
  appName: string;
  recipientName: string;
  unsubscribeUrl: string;
  /** The unsubscribe link's text: escalations can only be moved into the digest. */
  unsubscribeIsDigestOnly: boolean;
}

/** One reminder about one task. */
export function renderReminder(context: RenderContext, item: EmailItem): RenderedEmail {
  const m = EMAIL_MESSAGES[context.language];
  const hello = fill(m.hello, { name: context.recipientName });
  const line = lineOf(m, item, context.language);
  const unsubscribe = context.unsubscribeIsDigestOnly ? m.escalationDigestOnly : m.unsubscribe;
  const text = [
    hello,
    '',
    line,
    '',
    `${m.openTask}: ${item.taskUrl}`,
    '',
    `${unsubscribe}: ${context.unsubscribeUrl}`,
  ].join('\n');
  const html = layout(
    context.language,
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(line)}</p>` +
      `<p><a href="${escapeHtml(item.taskUrl)}">${escapeHtml(m.openTask)}</a></p>` +
      `<p style="font-size:12px;color:#595959"><a href="${escapeHtml(context.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`,
  );
  return { subject: subjectOf(m, item, context.appName, context.language), text, html };
}

/** Reminders a digest does not list (a backlog larger than one batch), and where to see them. */
export interface DigestRest {
  count: number;
  url: string;
}

/**
 * A digest: the items grouped by facility, then by kind (escalation, overdue, due today, due soon, open); below
 * them, how many more wait in the app when the backlog was larger than one mail lists.
 */
export function renderDigest(context: RenderContext, items: EmailItem[], rest?: DigestRest): RenderedEmail {
  const m = EMAIL_MESSAGES[context.language];
  const hello = fill(m.hello, { name: context.recipientName });
  const byFacility = new Map<string, EmailItem[]>();
  for (const item of [...items].sort((a, b) => a.facilityName.localeCompare(b.facilityName))) {
    byFacility.set(item.facilityName, [...(byFacility.get(item.facilityName) ?? []), item]);
  }
  const order = Object.keys(CATEGORY_GROUP) as NotificationCategory[];
  const textParts: string[] = [hello, '', m.digestIntro];
  let html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(m.digestIntro)}</p>`;
  for (const [facility, facilityItems] of byFacility) {
    textParts.push('', `${m.facility}: ${facility}`);
    html += `<h2 style="font-size:16px">${escapeHtml(facility)}</h2>`;
    for (const category of order) {
      const group = facilityItems.filter((item) => item.category === category);
      if (group.length === 0) continue;
      const heading = m[CATEGORY_GROUP[category]];
      textParts.push(`  ${heading}`);
      html += `<h3 style="font-size:14px">${escapeHtml(heading)}</h3><ul>`;
      for (const item of group.sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
        const line = lineOf(m, item, context.language);
        textParts.push(`  - ${line} ${item.taskUrl}`);
        html += `<li>${escapeHtml(line)} <a href="${escapeHtml(item.taskUrl)}">${escapeHtml(m.openTask)}</a></li>`;
      }
      html += '</ul>';
    }
  }
  if (rest && rest.count > 0) {
    const more = fill(m.digestMore, { count: rest.count.toLocaleString(context.language) });
    textParts.push('', more, `${m.openNotifications}: ${rest.url}`);
    html += `<p>${escapeHtml(more)} <a href="${escapeHtml(rest.url)}">${escapeHtml(m.openNotifications)}</a></p>`;
  }
  textParts.push('', `${m.unsubscribe}: ${context.unsubscribeUrl}`);
  html += `<p style="font-size:12px;color:#595959"><a href="${escapeHtml(context.unsubscribeUrl)}">${escapeHtml(m.unsubscribe)}</a></p>`;
  return {
    subject: `[${context.appName}] ${fill(m.subjectDigest, { count: items.length })}`,
    text: textParts.join('\n'),
    html: layout(context.language, html),
  };
}
