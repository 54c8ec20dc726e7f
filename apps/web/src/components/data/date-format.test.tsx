import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateField } from './date-field';
import { formatCalendarDate } from './date-format';
import { TestProviders } from './testing';
import { useFormatters } from './use-formatters';

function FieldAndText({ value }: { value: string }) {
  const format = useFormatters();
  return (
    <>
      <DateField value={value} aria-label="Due date" />
      <span data-testid="text">{format.date(value)}</span>
    </>
  );
}

describe('one date format for fields and text', () => {
  it('shows a date in a field exactly as the page writes it', () => {
    render(
      <TestProviders>
        <FieldAndText value="2026-05-14" />
      </TestProviders>,
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Due date' });
    expect(field.value).toBe('May 14, 2026');
    expect(screen.getByTestId('text').textContent).toBe(field.value);
  });

  it('writes each language’s dates its own way, without a time-zone shift', () => {
    expect(formatCalendarDate('2026-05-14', 'en')).toBe('May 14, 2026');
    expect(formatCalendarDate('2026-05-14', 'fr')).toBe('14 mai 2026');
    expect(formatCalendarDate('2026-01-01', 'zh')).toBe('2026年1月1日');
    expect(formatCalendarDate(null, 'en')).toBe('');
  });
});
