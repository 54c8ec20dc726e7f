import { Select, type SelectProps } from 'antd';

/** A toolbar filter: a clearable select whose empty value means "all". */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  className,
  ...rest
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: { value: string; label: string }[];
} & Omit<SelectProps<string>, 'value' | 'onChange' | 'options' | 'mode'>) {
  return (
    <Select<string>
      allowClear
      aria-label={label}
      placeholder={label}
      className={className ?? 'data-toolbar__filter'}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={options}
      popupMatchSelectWidth={false}
      {...rest}
    />
  );
}
