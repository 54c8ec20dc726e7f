import { Card } from 'antd';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';
import { TaskEvidenceSection as DocumentsTaskEvidence } from '../../../features/documents/components/task-evidence-section';

/**
 * The evidence region of the task page (owned by the documents feature), passed to the task detail as its
 * `evidenceSection`: the evidence rule (how many documents are needed and attached), the upload with
 * the evidence date, and the task's evidence with preview, download and archive.
 */
export function TaskEvidenceSection({ task }: { task: TaskDetail }) {
  const t = useT();
  return (
    <Card title={t('task.evidence')} className="task-evidence-section" data-region="task-evidence">
      <DocumentsTaskEvidence task={task} showHeading={false} />
    </Card>
  );
}
