import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

/** Debounce of the search box, in milliseconds. */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A search input that reports its text once typing pauses (and at once on Enter). It follows
 * `value` when that changes from outside (back button, "Clear filters").
 */
export function SearchBox({
  value,
  onSearch,
  label,
  className,
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const reported = useRef(value);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <Input
      type="search"
      role="searchbox"
      className={className ?? 'data-toolbar__search'}
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      placeholder={label}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => {
        reported.current = text;
        onSearch(text);
      }}
    />
  );
}
