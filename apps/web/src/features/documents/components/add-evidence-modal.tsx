import { useState } from 'react';
import { Alert, Button, Modal, Skeleton, Typography } from 'antd';
import { useT } from '../../../lib/i18n/use-t';
import { RemoteSelect } from '../../../components/data/remote-select';
import { useFormatters } from '../../../components/data/use-formatters';
import { useEvidenceTask } from '../api/get-evidence-task';
import { fetchTaskOptions } from '../api/reference-options';
import './documents.css';
import { TaskEvidenceSection } from './task-evidence-section';

/** Evidence from the Task Documents screen: choose an open task, then the task's evidence section. */
export function AddEvidenceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const format = useFormatters();
  const [taskId, setTaskId] = useState<string>();
  const task = useEvidenceTask(taskId);
  const label = t('taskDocuments.chooseTask');

  return (
    <Modal
      open={open}
      title={t('taskDocuments.addEvidenceTitle')}
      onCancel={onClose}
      width="min(960px, 96vw)"
      destroyOnHidden
      afterClose={() => setTaskId(undefined)}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('documents.close')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('taskDocuments.chooseTaskHelp')}</Typography.Paragraph>
      <RemoteSelect
        className="input-full"
        label={label}
        queryKey={['tasks', 'evidence-options']}
        fetchOptions={(search) =>
          fetchTaskOptions(search, (option) =>
            t('taskDocuments.taskOption', {
              title: option.title,
              facility: option.facilityName,
              date: format.date(option.dueDate),
            }),
          )
        }
        value={taskId}
        onChange={(value) => setTaskId((value as string | undefined) ?? undefined)}
      />
      <div className="add-evidence__task">
        {taskId && task.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
        {task.error ? <Alert type="error" showIcon role="alert" title={task.error.message} /> : null}
        {task.data ? <TaskEvidenceSection key={task.data.data._id} task={task.data.data} showHeading={false} /> : null}
      </div>
    </Modal>
  );
}
