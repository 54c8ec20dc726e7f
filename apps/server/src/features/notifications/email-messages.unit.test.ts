import { describe, expect, it } from 'vitest';
import type { NotificationCategory } from '@rtms/shared/schemas/notifications';
import { EMAIL_LANGUAGES, EMAIL_MESSAGES } from './email-messages';
import { renderDigest, renderGrouped } from './email-render';

describe('reminder email texts', () => {
  const keys = Object.keys(EMAIL_MESSAGES.en).sort();

  it.each(EMAIL_LANGUAGES)('has every text in %s, with the same placeholders as English', (language) => {
    const messages = EMAIL_MESSAGES[language] as unknown as Record<string, string>;
    expect(Object.keys(messages).sort()).toEqual(keys);
    for (const key of keys) {
      expect(messages[key]!.trim(), `${language}.${key}`).not.toBe('');
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(messages[key]!), `${language}.${key}`).toEqual(
        placeholders((EMAIL_MESSAGES.en as unknown as Record<string, string>)[key]!),
      );
    }
  });

  const item = {
    category: 'DUE_SOON' as NotificationCategory,
    subject: 'TASK' as const,
    taskTitle: 'Tank <inspection> & "log"',
    facilityName: 'Alpha',
    dueDate: '2026-03-10',
    daysUntilDue: 1,
    taskUrl: 'https://rtms.example.com/tasks/1',
  };
  const context = {
    appName: 'RTMS',
    recipientName: 'Ana',
    unsubscribeUrl: 'https://rtms.example.com/api/notifications/unsubscribe/x',
    unsubscribeIsDigestOnly: false,
  };

  const one = (language: 'en' | 'es' | 'ar', it: typeof item) =>
    renderGrouped({ ...context, language }, it.category, [it]);

  it('words the day in the language, with its plural rules, and names the facility', () => {
    expect(one('en', item).subject).toBe('[RTMS] Due tomorrow: Tank <inspection> & "log" · Alpha');
    expect(one('es', { ...item, daysUntilDue: 7 }).subject).toBe(
      '[RTMS] Vence dentro de 7 días: Tank <inspection> & "log" · Alpha',
    );
    expect(one('en', { ...item, category: 'OVERDUE', daysUntilDue: -1 }).subject).toBe(
      '[RTMS] Overdue, was due yesterday: Tank <inspection> & "log" · Alpha',
    );
  });

  it('words each line by the step that fired, not by the day it is sent', () => {
    // A due-today reminder sent late is still a due-today one (its unsubscribe link turns off DUE_TODAY).
    const late = one('en', { ...item, category: 'DUE_TODAY', daysUntilDue: -2 });
    expect(late.text).toContain('is due today (2026-03-10)');
    expect(late.text).not.toContain('overdue');
  });

  it('groups many tasks into one message with the count and the facilities in its subject', () => {
    const items = ['Delta', 'Alpha', 'Beta', 'Gamma', 'Alpha'].map((facilityName, i) => ({
      ...item,
      category: 'ESCALATION' as const,
      daysUntilDue: -40,
      taskTitle: `Task ${i}`,
      facilityName,
    }));
    const mail = renderGrouped({ ...context, language: 'en', unsubscribeIsDigestOnly: true }, 'ESCALATION', items, {
      count: 3,
      url: 'https://rtms.example.com/notifications',
    });
    expect(mail.subject).toBe('[RTMS] Escalations (8) · Alpha, Beta, Delta +1');
    expect(mail.text.match(/^Facility: /gm)).toHaveLength(4);
    expect(mail.text).toContain('3 more of these are waiting for you in the app.');
    expect(mail.text).toContain('Receive escalations in the digest only');
  });

  it('escapes task text in HTML and writes Arabic right to left', () => {
    const html = one('ar', item).html;
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('Tank &lt;inspection&gt; &amp; &quot;log&quot;');
    expect(html).not.toContain('<inspection>');
    expect(renderDigest({ ...context, language: 'en' }, [item]).html).toContain('Tank &lt;inspection&gt;');
  });
});
