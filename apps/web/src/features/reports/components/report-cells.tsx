import { Link } from 'react-router';
import { Tag } from 'antd';
import { NO_GROUP_KEY, type ReportGroupBy, type ReportRag } from '@rtms/shared/schemas/reports';
import type { TrackerQuery } from '@rtms/shared/summary-links';
import type { TaskCategory } from '@rtms/shared/enums';
import { toQueryString } from '../../../components/data/query-string';
import { useFormatters } from '../../../components/data/use-formatters';
import { useT } from '../../../lib/i18n/use-t';

/** A report's number: a link to the Tasks Tracker list whose total it is. */
export function NumberLink({ value, query, label }: { value: number; query: TrackerQuery; label: string }) {
  const format = useFormatters();
  return (
    <Link to={`/tasks${toQueryString(query)}`} aria-label={label} className="report-number">
      {format.number(value)}
    </Link>
  );
}

/** A rate from 0 to 1 as a percentage ("—" without one). */
export function RateText({ rate }: { rate: number | null }) {
  const format = useFormatters();
  return <>{rate === null ? '—' : format.number(rate, { style: 'percent', maximumFractionDigits: 1 })}</>;
}

const RAG_COLORS: Record<ReportRag, string> = { RED: 'error', AMBER: 'warning', GREEN: 'success' };

export function RagTag({ rag }: { rag: ReportRag }) {
  const t = useT();
  return <Tag color={RAG_COLORS[rag]}>{t(`reports.rag.${rag}`)}</Tag>;
}

/** The name a group shows: a category in words, "No program area" for the group without one. */
export function useGroupName(): (groupBy: ReportGroupBy, key: string, label: string) => string {
  const t = useT();
  return (groupBy, key, label) => {
    if (groupBy === 'category') return t(`category.${key as TaskCategory}`);
    if (key === NO_GROUP_KEY && (groupBy === 'programArea' || groupBy === 'regulation')) {
      return t(`reports.noGroup.${groupBy}`);
    }
    return label;
  };
}
