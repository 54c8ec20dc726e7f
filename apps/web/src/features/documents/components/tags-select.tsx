import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TAGS_MAX } from '@rtms/shared/schemas/documents';
import { useT } from '../../../lib/i18n/use-t';
import { useDebouncedValue } from '../../../components/data/use-debounced-value';
import { listDocumentTags } from '../api/list-document-tags';

/**
 * Free tags, with the tags already in use suggested (GET /api/documents/tags, most used first). Typing a
 * new tag and pressing Enter or a comma adds it.
 */
export function TagsSelect({
  value,
  onChange,
  label,
  kind,
  ...rest
}: {
  value?: string[];
  onChange?: (tags: string[]) => void;
  label: string;
  kind?: 'TASK' | 'LIBRARY';
} & Omit<SelectProps<string[]>, 'value' | 'onChange' | 'mode' | 'options'>) {
  const t = useT();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const { data } = useQuery({
    queryKey: ['documents', 'tags', kind ?? 'all', debounced],
    queryFn: ({ signal }) => listDocumentTags({ search: debounced, kind, limit: 30 }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return (
    <Select<string[]>
      mode="tags"
      aria-label={label}
      placeholder={t('documents.tagsPlaceholder')}
      tokenSeparators={[',']}
      maxCount={TAGS_MAX}
      {...rest}
      value={value ?? []}
      onChange={(tags) => {
        setSearch('');
        onChange?.(tags);
      }}
      showSearch={{ onSearch: setSearch, searchValue: search }}
      options={(data?.data ?? []).map((tag) => ({ value: tag.tag, label: tag.tag }))}
    />
  );
}

/** A single-tag filter for lists, suggesting the tags in use. */
export function TagFilter({
  value,
  onChange,
  label,
  kind,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
  label: string;
  kind?: 'TASK' | 'LIBRARY';
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const { data, isFetching } = useQuery({
    queryKey: ['documents', 'tags', kind ?? 'all', debounced],
    queryFn: ({ signal }) => listDocumentTags({ search: debounced, kind, limit: 30 }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (data?.data ?? []).map((tag) => ({ value: tag.tag, label: `${tag.tag} (${tag.count})` }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  return (
    <Select<string>
      allowClear
      aria-label={label}
      placeholder={label}
      className="data-toolbar__filter"
      popupMatchSelectWidth={false}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onBlur={() => setSearch('')}
      notFoundContent={isFetching ? undefined : t('data.noOptions')}
      options={options}
    />
  );
}
