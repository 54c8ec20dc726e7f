import { Card, Descriptions, Typography } from 'antd';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';

/**
 * What the requirement tells the person doing the task: its description, citation, regulation and
 * permit number (the requirement form promises "shown on every task").
 */
export function TaskInstructions({ task }: { task: TaskDetail }) {
  const t = useT();
  const { description, citation, permitNumber, regulationTitle, regulationCitation } = task.instructions;
  const regulation = regulationTitle
    ? `${regulationTitle}${regulationCitation ? ` (${regulationCitation})` : ''}`
    : null;
  const items = [
    ...(citation ? [{ key: 'citation', label: t('requirement.citation'), children: <bdi>{citation}</bdi> }] : []),
    ...(regulation
      ? [{ key: 'regulation', label: t('requirement.regulation'), children: <bdi>{regulation}</bdi> }]
      : []),
    ...(permitNumber
      ? [{ key: 'permit', label: t('requirement.permitNumber'), children: <bdi>{permitNumber}</bdi> }]
      : []),
  ];
  return (
    <Card title={t('task.instructions')} className="task-instructions">
      {description ? (
        <Typography.Paragraph className="task-instructions__description">{description}</Typography.Paragraph>
      ) : null}
      {items.length ? <Descriptions size="small" column={1} items={items} /> : null}
      {!description && !items.length ? (
        <Typography.Text type="secondary">{t('task.noInstructions')}</Typography.Text>
      ) : null}
    </Card>
  );
}
