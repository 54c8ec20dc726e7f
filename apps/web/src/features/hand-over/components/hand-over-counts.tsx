import { Descriptions } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';

/** The three counts of a hand-over (open tasks, requirement defaults, facility assignments), before or after. */
export function HandOverCounts({ counts }: { counts: { tasks: number; requirements: number; bindings: number } }) {
  const t = useT();
  const format = useFormatters();
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: 'tasks', label: t('handOver.tasks'), children: format.number(counts.tasks) },
        { key: 'requirements', label: t('handOver.requirements'), children: format.number(counts.requirements) },
        { key: 'bindings', label: t('handOver.bindings'), children: format.number(counts.bindings) },
      ]}
    />
  );
}
