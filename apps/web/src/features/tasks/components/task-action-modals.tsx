import { App, Form, Input, Typography } from 'antd';
import { reopenTaskBodySchema, updateTaskBodySchema, type TaskDetail } from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { RemoteSelect } from '../../../components/data/remote-select';
import { useFormatters } from '../../../components/data/use-formatters';
import { SchemaItem } from '../../../components/data/schema-field';
import { useSchemaForm } from '../../../components/data/zod-form';
import { fetchAssigneeOptions } from '../api/assignee-options';
import { useBulkTasks } from '../api/bulk-tasks';
import { useReopenTask } from '../api/reopen-task';
import { useUpdateTask } from '../api/update-task';

import { ActionModal } from './task-action-modal';

/** Assign one task or several (bulk) to a user, or unassign them (empty choice). */
export function AssignTasksModal({
  open,
  ids,
  facilityIds,
  current,
  onClose,
  onDone,
}: {
  open: boolean;
  ids: string[];
  /** The facilities of these tasks: the picker offers only users who may see all of them. */
  facilityIds: string[];
  /** The current assignee of a single task (id and label). */
  current?: { value: string; label: string } | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const update = useUpdateTask();
  const bulk = useBulkTasks();
  const label = t('task.assignee');
  const single = ids.length === 1;
  return (
    <ActionModal
      open={open}
      title={single ? t('task.assignTitle') : t('tasks.bulkAssignTitle', { count: format.number(ids.length) })}
      okText={t('task.assign')}
      okDisabled={ids.length === 0}
      onClose={onClose}
      fields={['assigneeId']}
      initialValues={{ assigneeId: current?.value }}
      onSubmit={(values) => {
        const assigneeId = (values.assigneeId as string | undefined) || null;
        const done = single
          ? update.mutateAsync({ id: ids[0]!, body: { assigneeId } })
          : bulk.mutateAsync({ ids, action: 'assign', assigneeId });
        return done.then(() => {
          void message.success(
            assigneeId ? t('tasks.assigned', { count: format.number(ids.length) }) : t('tasks.unassigned'),
          );
          onDone?.();
        });
      }}
    >
      {() => (
        <Form.Item label={label} name="assigneeId" extra={t('task.assignHelp')}>
          <RemoteSelect
            allowClear
            label={label}
            placeholder={t('task.unassigned')}
            queryKey={['users', 'assignee-options', [...new Set(facilityIds)].sort().join(',')]}
            fetchOptions={(search) => fetchAssigneeOptions(search, facilityIds)}
            knownOptions={current ? [current] : []}
          />
        </Form.Item>
      )}
    </ActionModal>
  );
}

/**
 * Give a task another due date, with the reason (required); the scheduled due date is kept. `dueDate`
 * proposes the new date (the calendar's drop target); cancelling changes nothing.
 */
export function RescheduleTaskModal({
  open,
  task,
  dueDate,
  onClose,
}: {
  open: boolean;
  task: Pick<TaskDetail, '_id' | 'dueDate' | 'scheduledDueDate'>;
  dueDate?: string;
  onClose: () => void;
}) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const update = useUpdateTask();
  const schemaForm = useSchemaForm(updateTaskBodySchema);
  const labels = { dueDate: t('task.newDueDate'), rescheduleReason: t('task.rescheduleReason') };
  return (
    <ActionModal
      open={open}
      title={t('task.rescheduleTitle')}
      okText={t('task.reschedule')}
      onClose={onClose}
      fields={['dueDate', 'rescheduleReason']}
      schema={{ rules: schemaForm.rules, labels }}
      initialValues={{ dueDate: dueDate ?? task.dueDate }}
      onSubmit={(values, form) => {
        const body = schemaForm.parse(form, values, labels);
        if (!body) return undefined;
        return update.mutateAsync({ id: task._id, body }).then(({ data }) => {
          void message.success(t('task.rescheduled', { date: format.date(data.dueDate) }));
        });
      }}
    >
      {() => (
        <>
          <Typography.Paragraph type="secondary">
            {t('task.rescheduleIntro', {
              scheduled: format.date(task.scheduledDueDate),
              due: format.date(task.dueDate),
            })}
          </Typography.Paragraph>
          <SchemaItem name="dueDate" required>
            <DateField className="input-full" aria-label={labels.dueDate} />
          </SchemaItem>
          <RequiredReason name="rescheduleReason" />
        </>
      )}
    </ActionModal>
  );
}

/** Mark a task not applicable, with the reason (required). */
export function NotApplicableModal({ open, task, onClose }: { open: boolean; task: TaskDetail; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const update = useUpdateTask();
  const schemaForm = useSchemaForm(updateTaskBodySchema);
  const labels = { notApplicableReason: t('task.notApplicableReason') };
  return (
    <ActionModal
      open={open}
      title={t('task.notApplicableTitle')}
      okText={t('task.markNotApplicable')}
      onClose={onClose}
      fields={['notApplicableReason']}
      schema={{ rules: schemaForm.rules, labels }}
      onSubmit={(values, form) => {
        const body = schemaForm.parse(form, { notApplicableReason: values.notApplicableReason }, labels);
        if (!body) return undefined;
        return update.mutateAsync({ id: task._id, body }).then(() => {
          void message.success(t('task.markedNotApplicable'));
        });
      }}
    >
      {() => (
        <>
          <Typography.Paragraph type="secondary">{t('task.notApplicableIntro')}</Typography.Paragraph>
          <RequiredReason name="notApplicableReason" />
        </>
      )}
    </ActionModal>
  );
}

/** Reopen a completed task, with an optional reason (kept in its history). */
export function ReopenTaskModal({ open, task, onClose }: { open: boolean; task: TaskDetail; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const reopen = useReopenTask();
  const schemaForm = useSchemaForm(reopenTaskBodySchema);
  const labels = { reason: t('task.reopenReason') };
  return (
    <ActionModal
      open={open}
      title={t('task.reopenTitle')}
      okText={t('task.reopen')}
      okDanger
      onClose={onClose}
      fields={['reason']}
      schema={{ rules: schemaForm.rules, labels }}
      onSubmit={(values, form) => {
        const body = schemaForm.parse(form, values, labels);
        if (!body) return undefined;
        return reopen.mutateAsync({ id: task._id, reason: body.reason ?? null }).then(() => {
          void message.success(t('task.reopened'));
        });
      }}
    >
      {() => (
        <>
          <Typography.Paragraph type="secondary">{t('task.reopenIntro')}</Typography.Paragraph>
          <SchemaItem name="reason">
            <Input.TextArea rows={3} />
          </SchemaItem>
        </>
      )}
    </ActionModal>
  );
}

/** A reason the action cannot go without: "say why" when it is missing, the shared schema's checks otherwise. */
function RequiredReason({ name }: { name: string }) {
  const t = useT();
  return (
    <SchemaItem name={name} rules={[{ required: true, whitespace: true, message: t('task.reasonRequired') }]}>
      <Input.TextArea rows={3} />
    </SchemaItem>
  );
}
