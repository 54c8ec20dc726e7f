import { Alert, App, Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { timelinessOf } from '@rtms/shared/recurrence';
import { completeTaskBodySchema, type TaskDetail } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { useFormatters } from '../../../components/data/use-formatters';
import { SchemaItem } from '../../../components/data/schema-field';
import { useSchemaForm } from '../../../components/data/zod-form';
import { useBulkTasks } from '../api/bulk-tasks';
import { useCompleteTask } from '../api/complete-task';
import { TimelinessTag } from '../../../components/task-tags';

import { ActionModal, type Values } from './task-action-modal';

/** The completion form's values as the API takes them: no date means today at the facility. */
function completionInput(values: Values): Values {
  return {
    completionNote: values.completionNote,
    ...(values.completedOn ? { completedOn: values.completedOn } : {}),
  };
}

/** The number of evidence documents a task still needs before it can be completed (0 = none). */
export function missingEvidence(task: Pick<TaskDetail, 'evidenceRequired' | 'minEvidence' | 'evidenceCount'>): number {
  if (!task.evidenceRequired) return 0;
  return Math.max(0, Math.max(1, task.minEvidence) - task.evidenceCount);
}

/**
 * Complete one task: a note and the completion date (today at the facility by default, never later);
 * the timeliness it will be recorded with is shown before saving.
 */
export function CompleteTaskModal({ open, task, onClose }: { open: boolean; task: TaskDetail; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const complete = useCompleteTask();
  const schemaForm = useSchemaForm(completeTaskBodySchema);
  const today = todayInTimeZone(task.timeZone);
  const labels = { completionNote: t('task.completionNote'), completedOn: t('task.completedOn') };
  const missing = missingEvidence(task);
  return (
    <ActionModal
      open={open}
      title={t('task.completeTitle', { title: task.title })}
      okText={t('task.complete')}
      okDisabled={missing > 0}
      onClose={onClose}
      fields={['completionNote', 'completedOn']}
      initialValues={{ completedOn: today }}
      schema={{ rules: schemaForm.rules, labels }}
      onSubmit={(values, form) => {
        const body = schemaForm.parse(form, completionInput(values), labels);
        if (!body) return undefined;
        return complete.mutateAsync({ id: task._id, body }).then(({ data }) => {
          void message.success(
            t('task.completed', { timeliness: data.timeliness ? t(`timeliness.${data.timeliness}`) : '' }),
          );
        });
      }}
    >
      {(form) => (
        <>
          {missing > 0 ? (
            <Alert
              type="warning"
              showIcon
              className="form-alert"
              title={t('task.evidenceMissing', { count: missing })}
            />
          ) : null}
          <SchemaItem name="completedOn" extra={t('task.completedOnHelp', { timeZone: task.timeZone })}>
            <DateField
              className="input-full"
              aria-label={labels.completedOn}
              disabledDate={(day) => day.isAfter(dayjs(today, 'YYYY-MM-DD'), 'day')}
            />
          </SchemaItem>
          <Form.Item noStyle shouldUpdate>
            {() => {
              const completedOn = form.getFieldValue('completedOn') as string | null | undefined;
              if (!completedOn) return null;
              const timeliness = timelinessOf({ dueDate: task.dueDate, graceDays: task.graceDays, completedOn });
              return (
                <Typography.Paragraph>
                  {t('task.willBeRecorded')} <TimelinessTag timeliness={timeliness} />
                </Typography.Paragraph>
              );
            }}
          </Form.Item>
          <SchemaItem name="completionNote">
            <Input.TextArea rows={4} />
          </SchemaItem>
        </>
      )}
    </ActionModal>
  );
}

/** Complete several tasks at once (all or nothing), each on today at its facility unless a date is chosen. */
export function BulkCompleteModal({
  open,
  ids,
  skipped,
  onClose,
  onDone,
}: {
  open: boolean;
  ids: string[];
  /** Selected tasks left out because they are already completed or not applicable. */
  skipped: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const bulk = useBulkTasks();
  const schemaForm = useSchemaForm(completeTaskBodySchema);
  const labels = { completionNote: t('task.completionNote'), completedOn: t('task.completedOn') };
  return (
    <ActionModal
      open={open}
      title={t('tasks.bulkCompleteTitle', { count: format.number(ids.length) })}
      okText={t('task.complete')}
      okDisabled={ids.length === 0}
      onClose={onClose}
      fields={['completionNote', 'completedOn']}
      schema={{ rules: schemaForm.rules, labels }}
      onSubmit={(values, form) => {
        const body = schemaForm.parse(form, completionInput(values), labels);
        if (!body) return undefined;
        return bulk
          .mutateAsync({
            ids,
            action: 'complete',
            completionNote: body.completionNote ?? null,
            ...(body.completedOn ? { completedOn: body.completedOn } : {}),
          })
          .then(({ data }) => {
            void message.success(t('tasks.bulkCompleted', { count: format.number(data.updated) }));
            onDone();
          });
      }}
    >
      {() => (
        <>
          {skipped > 0 ? (
            <Alert
              type="info"
              showIcon
              className="form-alert"
              title={t('tasks.bulkSkipped', { count: format.number(skipped) })}
            />
          ) : null}
          <SchemaItem name="completedOn" extra={t('tasks.bulkCompletedOnHelp')}>
            <DateField
              className="input-full"
              aria-label={labels.completedOn}
              placeholder={t('tasks.todayAtEachFacility')}
              disabledDate={(day) => day.isAfter(dayjs().add(1, 'day'), 'day')}
            />
          </SchemaItem>
          <SchemaItem name="completionNote">
            <Input.TextArea rows={3} />
          </SchemaItem>
        </>
      )}
    </ActionModal>
  );
}
