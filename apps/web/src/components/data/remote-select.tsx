import { useMemo, useState } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../lib/i18n/use-t';
import { useDebouncedValue } from './use-debounced-value';

export interface RemoteOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type RemoteSelectProps = {
  /** Cache key of the option list (e.g. `['users', 'options']`); the search text is appended. */
  queryKey: readonly unknown[];
  /** Options matching `search` (a server-side search, typically the first page of a list). */
  fetchOptions: (search: string) => Promise<RemoteOption[]>;
  /** Labels of values already chosen that the current search may not return. */
  knownOptions?: RemoteOption[];
  label: string;
} & Omit<SelectProps<string | string[]>, 'options' | 'showSearch' | 'filterOption' | 'onSearch' | 'notFoundContent'>;

/**
 * A select whose options come from the server as the user types (users, facilities…), so that it
 * works with any number of rows. Chosen values keep their labels while the search changes.
 */
export function RemoteSelect({ queryKey, fetchOptions, knownOptions = [], label, ...rest }: RemoteSelectProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, debounced],
    queryFn: () => fetchOptions(debounced),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(queryKey);
  const options = useMemo(() => {
    const result = new Map((data ?? []).map((option) => [option.value, option]));
    const chosen =
      rest.value === undefined || rest.value === null ? [] : Array.isArray(rest.value) ? rest.value : [rest.value];
    const missing = chosen.filter((value) => !result.has(value));
    if (missing.length) {
      // A chosen value the current search does not return keeps the label of an earlier search (still cached).
      const seen = new Map<string, RemoteOption>();
      for (const [, cached] of queryClient.getQueriesData<RemoteOption[]>({ queryKey })) {
        for (const option of cached ?? []) seen.set(option.value, option);
      }
      for (const option of knownOptions) seen.set(option.value, option);
      for (const value of missing) result.set(value, seen.get(value) ?? { value, label: value });
    }
    return [...result.values()];
    // queryKey is compared by content, through its JSON text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, knownOptions, rest.value, queryClient, keyText]);

  return (
    <Select<string | string[]>
      aria-label={label}
      placeholder={label}
      {...rest}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onBlur={(event) => {
        setSearch('');
        rest.onBlur?.(event);
      }}
      onSelect={(value, option) => {
        // A chosen option ends the search (in multiple mode the list stays open for the next choice).
        setSearch('');
        rest.onSelect?.(value, option);
      }}
      options={options}
      notFoundContent={isFetching ? <Spin size="small" /> : t('data.noOptions')}
    />
  );
}
