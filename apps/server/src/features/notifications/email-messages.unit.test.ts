import { describe, expect, it } from 'vitest';
import { EMAIL_LANGUAGES, EMAIL_MESSAGES } from './email-messages';
import { renderDigest, renderReminder } from './email-render';

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
    category: 'DUE_SOON' as const,
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

  it('words the day in the language, with its plural rules', () => {
    expect(renderReminder({ ...context, language: 'en' }, item).subject).toBe(
      '[RTMS] Due tomorrow: Tank <inspection> & "log"',
    );
    expect(renderReminder({ ...context, language: 'es' }, { ...item, daysUntilDue: 7 }).subject).toBe(
      '[RTMS] Vence dentro de 7 días: Tank <inspection> & "log"',
    );
    expect(
      renderReminder({ ...context, language: 'en' }, { ...item, category: 'OVERDUE', daysUntilDue: -1 }).subject,
    ).toBe('[RTMS] Overdue, was due yesterday: Tank <inspection> & "log"');
  });

  it('escapes task text in HTML and writes Arabic right to left', () => {
    const html = renderReminder({ ...context, language: 'ar' }, item).html;
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('Tank &lt;inspection&gt; &amp; &quot;log&quot;');
    expect(html).not.toContain('<inspection>');
    expect(renderDigest({ ...context, language: 'en' }, [item]).html).toContain('Tank &lt;inspection&gt;');
  });
});
