import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A date picker whose value is a calendar date string `YYYY-MM-DD` (or null), as the API speaks. */
export function DateField({
  value,
  onChange,
  ...rest
}: { value?: string | null; onChange?: (value: string | null) => void } & Omit<DatePickerProps, 'value' | 'onChange'>) {
  return (
    <DatePicker
      format="YYYY-MM-DD"
      {...rest}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(next: Dayjs | Dayjs[] | null) => {
        const date = Array.isArray(next) ? next[0] : next;
        onChange?.(date ? date.format('YYYY-MM-DD') : null);
      }}
    />
  );
}
