import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from 'react-intl';
import { dateFieldFormatOf } from './date-format';

const ISO = 'YYYY-MM-DD';

/**
 * A date picker whose value is a calendar date string `YYYY-MM-DD` (or null), as the API speaks,
 * shown the way the interface language writes dates in text.
 */
export function DateField({
  value,
  onChange,
  ...rest
}: { value?: string | null; onChange?: (value: string | null) => void } & Omit<DatePickerProps, 'value' | 'onChange'>) {
  const intl = useIntl();
  return (
    <DatePicker
      format={dateFieldFormatOf(intl.locale)}
      {...rest}
      value={value ? dayjs(value, ISO) : null}
      onChange={(next: Dayjs | Dayjs[] | null) => {
        const date = Array.isArray(next) ? next[0] : next;
        onChange?.(date ? date.format(ISO) : null);
      }}
    />
  );
}

/** A from–to pair of calendar dates (either may be empty), e.g. a list's due-date filter. */
export function DateRangeField({
  from,
  to,
  onChange,
  label,
  placeholder,
}: {
  from?: string;
  to?: string;
  onChange: (range: { from?: string; to?: string }) => void;
  label: string;
  placeholder: [string, string];
}) {
  const intl = useIntl();
  return (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={placeholder}
      format={dateFieldFormatOf(intl.locale)}
      allowEmpty={[true, true]}
      value={from || to ? [from ? dayjs(from, ISO) : null, to ? dayjs(to, ISO) : null] : null}
      onChange={(dates) => {
        const [start, end] = dates ?? [null, null];
        onChange({ from: start ? start.format(ISO) : undefined, to: end ? end.format(ISO) : undefined });
      }}
    />
  );
}
