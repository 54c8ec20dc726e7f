import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import { CATEGORY_GROUP, EMAIL_MESSAGES, fill, type EmailLanguage, type EmailMessages } from './email-messages';

/** One task in a reminder email, worded for the day of sending. */
export interface EmailItem {
  category: NotificationCategory;
  /** What the reminder is about: a task, or a corrective action (`taskTitle` is then the action's title). */
  subject: 'TASK' | 'CORRECTIVE_ACTION';
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

/** The line of one task, worded by the step that fired (its kind), never by how late it is sent. */
function lineOf(m: EmailMessages, item: EmailItem, language: EmailLanguage): string {
  const v = values(item, language);
  if (item.subject === 'CORRECTIVE_ACTION') return actionLineOf(m, item, v);
  switch (item.category) {
    case 'ESCALATION':
      return fill(m.lineEscalation, v);
    case 'OVERDUE':
      return fill(m.lineOverdue, v);
    case 'DUE_TODAY':
      return fill(m.lineDueToday, v);
    case 'TASK_OPENED':
    case 'REVIEW': // in-app only: never mailed (see CATEGORY_GROUP)
      return fill(m.lineOpened, v);
    case 'DUE_SOON':
    case 'CORRECTIVE_ACTION': // a task's reminder never has it (see actionLineOf)
      return fill(m.lineDueIn, v);
  }
}

/** A corrective action's line: an escalation, else worded by its due date from the day of sending. */
function actionLineOf(m: EmailMessages, item: EmailItem, v: ReturnType<typeof values>): string {
  if (item.category === 'ESCALATION') return fill(m.actionLineEscalation, v);
  if (item.daysUntilDue < 0) return fill(m.actionLineOverdue, v);
  return fill(item.daysUntilDue === 0 ? m.actionLineDueToday : m.actionLineDueIn, v);
}

const SUBJECT_OF: Record<NotificationCategory, keyof EmailMessages> = {
  ESCALATION: 'subjectEscalation',
  OVERDUE: 'subjectOverdue',
  DUE_TODAY: 'subjectDueToday',
  TASK_OPENED: 'subjectOpened',
  DUE_SOON: 'subjectDueSoon',
  REVIEW: 'subjectOpened',
  CORRECTIVE_ACTION: 'subjectAction',
};

/** One task's subject, by its kind: "[RTMS] Overdue, was due 9 days ago: Tank inspection". */
function subjectOf(m: EmailMessages, item: EmailItem, appName: string, language: EmailLanguage): string {
  return `[${appName}] ${fill(m[SUBJECT_OF[item.category]], values(item, language))}`;
}

/** Facility names for a subject: the first three, then "+N". */
function facilitiesOf(items: readonly EmailItem[], language: EmailLanguage): string {
  const names = [...new Set(items.map((item) => item.facilityName))].sort((a, b) => a.localeCompare(b, language));
  const shown = new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(names.slice(0, 3));
  return names.length > 3 ? `${shown} +${names.length - 3}` : shown;
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
  return {
    subject: `[${context.appName}] ${fill(m.subjectDigest, { count: items.length })}`,
    ...bodyOf(context, items, rest, 'digestMore'),
  };
}

/**
 * The one message of a kind that goes at once (due today, escalations, and every kind for a user on IMMEDIATE):
 * the tasks by facility, with the count and the facilities in the subject ("[RTMS] Escalations (12) · Alpha,
 * Beta"); a single task keeps its own subject, with its facility: no floods of mail.
 */
export function renderGrouped(
  context: RenderContext,
  category: NotificationCategory,
  items: EmailItem[],
  rest?: DigestRest,
): RenderedEmail {
  const m = EMAIL_MESSAGES[context.language];
  const total = items.length + (rest?.count ?? 0);
  const subject =
    total === 1
      ? `${subjectOf(m, items[0]!, context.appName, context.language)} · ${items[0]!.facilityName}`
      : `[${context.appName}] ${m[CATEGORY_GROUP[category]]} (${total.toLocaleString(context.language)}) · ${facilitiesOf(items, context.language)}`;
  return { subject, ...bodyOf(context, items, rest, 'groupMore') };
}

/** `more` words the rest: a digest's follow in the next digests, a grouped message's stay in the app. */
function bodyOf(
  context: RenderContext,
  items: EmailItem[],
  rest: DigestRest | undefined,
  more: 'digestMore' | 'groupMore',
): Omit<RenderedEmail, 'subject'> {
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
        const open = item.subject === 'CORRECTIVE_ACTION' ? m.openFinding : m.openTask;
        html += `<li>${escapeHtml(line)} <a href="${escapeHtml(item.taskUrl)}">${escapeHtml(open)}</a></li>`;
      }
      html += '</ul>';
    }
  }
  if (rest && rest.count > 0) {
    const moreText = fill(m[more], { count: rest.count.toLocaleString(context.language) });
    textParts.push('', moreText, `${m.openNotifications}: ${rest.url}`);
    html += `<p>${escapeHtml(moreText)} <a href="${escapeHtml(rest.url)}">${escapeHtml(m.openNotifications)}</a></p>`;
  }
  const unsubscribe = context.unsubscribeIsDigestOnly ? m.escalationDigestOnly : m.unsubscribe;
  textParts.push('', `${unsubscribe}: ${context.unsubscribeUrl}`);
  html += `<p style="font-size:12px;color:#595959"><a href="${escapeHtml(context.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>`;
  return { text: textParts.join('\n'), html: layout(context.language, html) };
}
