import { useT } from '../../lib/i18n/use-t';
import { DateRangeField } from './date-field';
import { FilterSelect } from './filter-select';
import { RemoteSelect, type RemoteSelectProps } from './remote-select';
import type { TableUrlState } from './use-table-url-state';

/** The part of a table's URL state a filter reads and writes. */
type FilterState<F extends string> = Pick<TableUrlState<F>, 'filters' | 'setFilter'>;

type FilterSelectProps = Omit<Parameters<typeof FilterSelect>[0], 'value' | 'onChange'>;

/** A toolbar select (a fixed list of values) bound to the filter `name` of the table's URL state. */
export function UrlFilterSelect<F extends string>({
  state,
  name,
  ...select
}: { state: FilterState<F>; name: F } & FilterSelectProps) {
  return <FilterSelect value={state.filters[name]} onChange={(value) => state.setFilter(name, value)} {...select} />;
}

/** A yes/no filter ("true" / "false" in the URL) with what each answer says (`yes`, `no`). */
export function UrlBooleanFilter<F extends string>({
  state,
  name,
  label,
  yes,
  no,
}: {
  state: FilterState<F>;
  name: F;
  label: string;
  yes: string;
  no: string;
}) {
  return (
    <UrlFilterSelect
      state={state}
      name={name}
      label={label}
      options={[
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
    />
  );
}

/**
 * The status filter of a list whose rows can be deactivated, on its `active` filter: "Active only" /
 * "Inactive only", or "Active" / "Inactive" with `plain`.
 */
export function UrlActiveFilter<F extends string>({
  state,
  name,
  plain = false,
}: {
  state: FilterState<F>;
  name: F;
  plain?: boolean;
}) {
  const t = useT();
  return (
    <UrlBooleanFilter
      state={state}
      name={name}
      label={t('data.status')}
      yes={plain ? t('data.active') : t('data.activeOnly')}
      no={plain ? t('data.inactive') : t('data.inactiveOnly')}
    />
  );
}

export type UrlRemoteFilterProps<F extends string> = { state: FilterState<F>; name: F } & Omit<
  RemoteSelectProps,
  'value' | 'onChange' | 'mode'
>;

/**
 * A toolbar select searched on the server (facilities, requirements, people…) bound to the filter
 * `name` of the table's URL state: one chosen id, or none for "all".
 */
export function UrlRemoteFilter<F extends string>({ state, name, ...select }: UrlRemoteFilterProps<F>) {
  return (
    <RemoteSelect
      allowClear
      className="data-toolbar__filter data-toolbar__filter--wide"
      value={state.filters[name]}
      onChange={(value) => state.setFilter(name, typeof value === 'string' ? value : undefined)}
      {...select}
    />
  );
}

/**
 * A from–to date filter bound to two filters of the table's URL state (`from` and `to` name them, e.g.
 * `dueFrom` and `dueTo`), both set in one navigation.
 */
export function UrlDateRangeFilter<F extends string>({
  state,
  from,
  to,
  ...field
}: { state: Pick<TableUrlState<F>, 'filters' | 'setFilters'>; from: F; to: F } & Pick<
  Parameters<typeof DateRangeField>[0],
  'label' | 'placeholder'
>) {
  return (
    <DateRangeField
      from={state.filters[from]}
      to={state.filters[to]}
      onChange={(range) => state.setFilters({ [from]: range.from, [to]: range.to } as Partial<Record<F, string>>)}
      {...field}
    />
  );
}
