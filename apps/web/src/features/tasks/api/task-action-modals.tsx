import { useEffect, useState, type ReactNode } from 'react';
import { Alert, App, Form, Input, Modal, Typography, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { timelinessOf } from '@rtms/shared/recurrence';
import {
  completeTaskBodySchema,
  reopenTaskBodySchema,
  updateTaskBodySchema,
  type TaskDetail,
} from '@rtms/shared/schemas/tasks';
import { useT } from '../../../lib/i18n/use-t';
import { DateField } from '../../../components/data/date-field';
import { RemoteSelect } from '../../../components/data/remote-select';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { fetchAssigneeOptions } from './assignee-options';
import { useBulkTasks } from './bulk-tasks';
import { useCompleteTask } from './complete-task';
import { useReopenTask } from './reopen-task';
import { useUpdateTask } from './update-task';
import { TimelinessTag } from '../../../components/task-tags';

type Values = Record<string, unknown>;

/**
 * A small form in a modal: the submit button spins while `onSubmit` runs; a server error lands on its
 * field (`fields`) or above the form.
 */
function ActionModal({
  open,
  title,
  okText,
  okDanger,
  okDisabled,
  onClose,
  onSubmit,
  fields,
  initialValues,
  children,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  okDanger?: boolean;
  okDisabled?: boolean;
  onClose: () => void;
  /** Runs the action; resolves when done (the modal then closes). */
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<unknown> | undefined;
  fields: readonly string[];
  initialValues?: Values;
  children: (form: FormInstance<Values>) => ReactNode;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues);
    // Only when the modal opens: later renders pass equal but new objects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, form]);

  const onFinish = async (values: Values) => {
    setFormError(undefined);
    const running = onSubmit(values, form);
    if (!running) return;
    setSaving(true);
    try {
      await running;
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(form, error, fields, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('data.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, danger: okDanger, disabled: okDisabled }}
      cancelButtonProps={{ disabled: saving }}
      mask={{ closable: !saving }}
      destroyOnHidden
      afterClose={() => setFormError(undefined)}
      forceRender
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        disabled={saving}
        requiredMark="optional"
      >
        {children(form)}
      </Form>
    </Modal>
  );
}

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
          <Form.Item
            label={labels.completedOn}
            name="completedOn"
            rules={schemaForm.rules('completedOn', labels.completedOn)}
            extra={t('task.completedOnHelp', { timeZone: task.timeZone })}
          >
            <DateField
              className="input-full"
              aria-label={labels.completedOn}
              disabledDate={(day) => day.isAfter(dayjs(today, 'YYYY-MM-DD'), 'day')}
            />
          </Form.Item>
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
          <Form.Item
            label={labels.completionNote}
            name="completionNote"
            rules={schemaForm.rules('completionNote', labels.completionNote)}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
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
          <Form.Item
            label={labels.completedOn}
            name="completedOn"
            rules={schemaForm.rules('completedOn', labels.completedOn)}
            extra={t('tasks.bulkCompletedOnHelp')}
          >
            <DateField
              className="input-full"
              aria-label={labels.completedOn}
              placeholder={t('tasks.todayAtEachFacility')}
              disabledDate={(day) => day.isAfter(dayjs().add(1, 'day'), 'day')}
            />
          </Form.Item>
          <Form.Item
            label={labels.completionNote}
            name="completionNote"
            rules={schemaForm.rules('completionNote', labels.completionNote)}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    </ActionModal>
  );
}

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
          <Form.Item
            label={labels.dueDate}
            name="dueDate"
            rules={[
              { required: true, message: t('form.required', { field: labels.dueDate }) },
              ...schemaForm.rules('dueDate', labels.dueDate),
            ]}
          >
            <DateField className="input-full" aria-label={labels.dueDate} />
          </Form.Item>
          <Form.Item
            label={labels.rescheduleReason}
            name="rescheduleReason"
            rules={[
              { required: true, whitespace: true, message: t('task.reasonRequired') },
              ...schemaForm.rules('rescheduleReason', labels.rescheduleReason),
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
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
          <Form.Item
            label={labels.notApplicableReason}
            name="notApplicableReason"
            rules={[
              { required: true, whitespace: true, message: t('task.reasonRequired') },
              ...schemaForm.rules('notApplicableReason', labels.notApplicableReason),
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
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
          <Form.Item label={labels.reason} name="reason" rules={schemaForm.rules('reason', labels.reason)}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </>
      )}
    </ActionModal>
  );
}
