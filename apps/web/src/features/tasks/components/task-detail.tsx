import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Space,
  Timeline,
  Typography,
} from 'antd';
import {
  CalendarOutlined,
  CheckOutlined,
  MinusCircleOutlined,
  UndoOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { diffDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import { taskNumberOf } from '@rtms/shared/task-number';
import { can } from '@rtms/shared/permissions';
import { createTaskCommentBodySchema, type TaskDetail, type TaskHistoryEntry } from '@rtms/shared/schemas/tasks';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { useFormatters, type Formatters } from '../../../components/data/use-formatters';
import { useRowAction } from '../../../components/data/use-row-action';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { auditFieldLabel, auditFieldValueText } from '../../../components/audit-labels';
import { userQueryOptions } from '../../users/api/get-user';
import { useAddTaskComment } from '../api/add-task-comment';
import { useUpdateTask } from '../api/update-task';
import { AssignTasksModal, NotApplicableModal, ReopenTaskModal, RescheduleTaskModal } from './task-action-modals';
import { CompleteTaskModal } from './task-completion-modals';
import { TaskInstructions } from './task-instructions';
import { TaskTags } from '../../../components/task-tags';
import './tasks.css';
import { DueDateShiftNote } from './due-date-shift-note';

type Dialog = 'complete' | 'reopen' | 'assign' | 'reschedule' | 'notApplicable' | null;

export interface TaskDetailViewProps {
  task: TaskDetail;
  /**
   * The evidence region, owned by the documents feature: the page that composes the task's screen (app/) passes
   * it in, since a feature renders no other feature's screens.
   */
  evidenceSection: ReactNode;
  /** The task's findings card, owned by the findings feature: passed in by the composing page (app/), as above. */
  findingsCard: ReactNode;
}

/**
 * One task: requirement, facility, dates (scheduled and effective), windows, status and timeliness,
 * assignee, evidence, comments and history; actions by role and state.
 */
export function TaskDetailView({ task, evidenceSection, findingsCard }: TaskDetailViewProps) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const runAction = useRowAction();
  const update = useUpdateTask();
  const [dialog, setDialog] = useState<Dialog>(null);
  const isOpen = task.status === 'INCOMPLETE';
  const notApplicable = task.notApplicableReason !== null;
  const mayComplete = can(me.role, 'task:complete') && isOpen && !notApplicable;
  const mayReopen = can(me.role, 'task:reopen') && !isOpen;
  const mayChange = can(me.role, 'task:assign');
  const today = todayInTimeZone(task.timeZone);
  const close = () => setDialog(null);

  const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);
  const timing = (() => {
    if (!isOpen || notApplicable) return null;
    const days = diffDays(task.dueDate, today);
    if (task.overdue) return { type: 'danger' as const, text: t('task.overdueBy', { days: -days }) };
    if (days === 0) return { type: 'warning' as const, text: t('task.dueToday') };
    if (task.dueSoon) return { type: 'warning' as const, text: t('task.dueIn', { days }) };
    return { type: 'secondary' as const, text: t('task.dueIn', { days }) };
  })();

  const clearNotApplicable = () =>
    runAction(
      () => update.mutateAsync({ id: task._id, body: { notApplicableReason: null } }),
      () => t('task.applicableAgain'),
    );

  const details = [
    {
      key: 'requirement',
      label: t('task.requirement'),
      children: <Link to={`/requirements/${task.requirementId}`}>{task.requirementTitle}</Link>,
    },
    {
      key: 'facility',
      label: t('task.facility'),
      children: <Link to={`/facilities/${task.facilityId}`}>{task.facilityName}</Link>,
    },
    // Isolated so that "2024-W49" keeps its reading order in a right-to-left language.
    { key: 'period', label: t('task.period'), children: <bdi>{task.periodLabel}</bdi> },
    { key: 'sequence', label: t('task.sequence'), children: format.number(taskNumberOf(task.sequence)) },
    { key: 'category', label: t('requirement.category'), children: t(`category.${task.category}`) },
    {
      key: 'frequency',
      label: t('requirement.frequency'),
      children: <span className="task-detail__nowrap">{t(`frequency.${task.frequency}`)}</span>,
    },
    { key: 'scheduleMode', label: t('requirement.scheduleMode'), children: t(`scheduleMode.${task.scheduleMode}`) },
    { key: 'scheduled', label: t('task.scheduledDueDate'), children: format.date(task.scheduledDueDate) },
    {
      key: 'due',
      label: t('task.dueDate'),
      children: (
        <Space orientation="vertical" size={0}>
          <strong>{format.date(task.dueDate)}</strong>
          {task.rescheduleReason ? (
            <Typography.Text type="secondary">
              {t('task.rescheduledBecause', { reason: task.rescheduleReason })}
            </Typography.Text>
          ) : null}
          <DueDateShiftNote shift={task.dueDateShift} dueDate={task.dueDate} />
        </Space>
      ),
    },
    { key: 'opens', label: t('task.opensOn'), children: format.date(task.opensOn) },
    { key: 'grace', label: t('task.graceEndsOn'), children: format.date(task.graceEndsOn) },
    // A zone is one word ("America/Chicago"): never cut in two.
    { key: 'zone', label: t('task.timeZone'), children: <bdi className="task-detail__nowrap">{task.timeZone}</bdi> },
    { key: 'status', label: t('data.status'), children: <TaskTags task={task} /> },
    {
      key: 'assignee',
      label: t('task.assignee'),
      children: task.assigneeName ?? <Typography.Text type="secondary">{t('task.unassigned')}</Typography.Text>,
    },
    ...(task.status === 'COMPLETED'
      ? [
          { key: 'completedOn', label: t('task.completedOn'), children: dash(format.date(task.completedOn)) },
          { key: 'completedBy', label: t('task.completedBy'), children: dash(task.completedByName) },
          { key: 'completedAt', label: t('task.recordedAt'), children: dash(format.dateTime(task.completedAt)) },
          {
            key: 'note',
            label: t('task.completionNote'),
            span: 'filled' as const,
            children: <span className="preserve-lines">{dash(task.completionNote)}</span>,
          },
        ]
      : []),
    ...(notApplicable
      ? [
          {
            key: 'notApplicable',
            label: t('task.notApplicableReason'),
            span: 'filled' as const,
            children: <span className="preserve-lines">{task.notApplicableReason}</span>,
          },
        ]
      : []),
  ];

  return (
    <>
      <Flex gap={8} wrap align="center" className="task-detail__actions">
        {timing ? (
          <Typography.Text type={timing.type} strong className="task-detail__timing">
            {timing.text}
          </Typography.Text>
        ) : null}
        <Flex gap={8} wrap className="task-detail__buttons">
          {mayComplete ? (
            <Button type="primary" icon={<CheckOutlined />} onClick={() => setDialog('complete')}>
              {t('task.complete')}
            </Button>
          ) : null}
          {mayReopen ? (
            <Button icon={<UndoOutlined />} onClick={() => setDialog('reopen')}>
              {t('task.reopen')}
            </Button>
          ) : null}
          {mayChange ? (
            <Button icon={<UserSwitchOutlined />} onClick={() => setDialog('assign')}>
              {t('task.assign')}
            </Button>
          ) : null}
          {mayChange && isOpen ? (
            <Button icon={<CalendarOutlined />} onClick={() => setDialog('reschedule')}>
              {t('task.reschedule')}
            </Button>
          ) : null}
          {mayChange && isOpen && !notApplicable ? (
            <Button icon={<MinusCircleOutlined />} onClick={() => setDialog('notApplicable')}>
              {t('task.markNotApplicable')}
            </Button>
          ) : null}
          {mayChange && notApplicable ? (
            <ConfirmButton
              title={t('task.clearNotApplicableConfirm')}
              okText={t('task.clearNotApplicable')}
              onConfirm={clearNotApplicable}
            >
              {t('task.clearNotApplicable')}
            </ConfirmButton>
          ) : null}
        </Flex>
      </Flex>
      <Row gutter={[16, 16]} className="task-detail__grid">
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <TaskInstructions task={task} />
            <Card title={t('task.details')}>
              <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={details} />
            </Card>
            <section aria-label={t('task.evidence')} className="task-detail__evidence">
              {evidenceSection}
            </section>
            <TaskComments task={task} />
            {findingsCard}
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <TaskHistory history={task.history} task={task} />
        </Col>
      </Row>
      {mayComplete ? <CompleteTaskModal open={dialog === 'complete'} task={task} onClose={close} /> : null}
      {mayReopen ? <ReopenTaskModal open={dialog === 'reopen'} task={task} onClose={close} /> : null}
      {mayChange ? (
        <>
          <AssignTasksModal
            open={dialog === 'assign'}
            ids={[task._id]}
            facilityIds={[task.facilityId]}
            current={task.assigneeId ? { value: task.assigneeId, label: task.assigneeName ?? task.assigneeId } : null}
            onClose={close}
          />
          <RescheduleTaskModal open={dialog === 'reschedule'} task={task} onClose={close} />
          <NotApplicableModal open={dialog === 'notApplicable'} task={task} onClose={close} />
        </>
      ) : null}
    </>
  );
}

/** The task's comments, oldest first, and a box to add one. */
function TaskComments({ task }: { task: TaskDetail }) {
  const t = useT();
  const format = useFormatters();
  const [form] = Form.useForm<{ body?: string }>();
  const [formError, setFormError] = useState<string>();
  const add = useAddTaskComment();
  const schemaForm = useSchemaForm(createTaskCommentBodySchema);
  const label = t('task.newComment');

  const onFinish = (values: { body?: string }) => {
    setFormError(undefined);
    const body = schemaForm.parse(form, values, { body: label });
    if (!body) return;
    add.mutate(
      { id: task._id, body: body.body },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => setFormError(applyServerErrors(form, error, ['body'], t)),
      },
    );
  };

  return (
    <Card title={t('task.comments', { count: task.comments.length })}>
      {task.comments.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('task.noComments')}</Typography.Paragraph>
      ) : (
        <ol className="task-comments" aria-label={t('task.commentList')}>
          {task.comments.map((comment) => (
            <li key={comment._id} className="task-comment">
              <Typography.Text type="secondary" className="task-comment__meta">
                {t('task.commentMeta', {
                  author: comment.authorName ?? t('audit.system'),
                  when: format.dateTime(comment.createdAt),
                })}
              </Typography.Text>
              <Typography.Paragraph className="task-comment__body">{comment.body}</Typography.Paragraph>
            </li>
          ))}
        </ol>
      )}
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={add.isPending} requiredMark={false}>
        <Form.Item label={label} name="body" rules={schemaForm.rules('body', label)}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          {t('task.addComment')}
        </Button>
      </Form>
    </Card>
  );
}

/** The name of a user id in the history (the id itself when the caller may not read that user). */
function UserName({ id }: { id: string }) {
  const { data } = useQuery({ ...userQueryOptions(id), retry: false, staleTime: 5 * 60_000 });
  const user = data?.data;
  return <>{user ? user.name.trim() || user.email : id}</>;
}

/** A changed value as the history shows it: dates, statuses and timeliness in words, users by name. */
function HistoryValue({
  field,
  value,
  t,
  format,
}: {
  field: string;
  value: unknown;
  t: ReturnType<typeof useT>;
  format: Formatters;
}) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value === 'string') {
    if (field === 'status' && (value === 'COMPLETED' || value === 'INCOMPLETE')) return <>{t(`taskStatus.${value}`)}</>;
    if (field === 'timeliness' && (value === 'ON_TIME' || value === 'LATE' || value === 'MISSED'))
      return <>{t(`timeliness.${value}`)}</>;
    if (field === 'assigneeId') return <UserName id={value} />;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return <>{format.date(value)}</>;
  }
  return <>{auditFieldValueText(field, value, {}, t)}</>;
}

const HISTORY_FIELDS: Record<string, MessageKey> = {
  status: 'data.status',
  completedOn: 'task.completedOn',
  timeliness: 'task.timeliness',
  completionNote: 'task.completionNote',
  dueDate: 'task.dueDate',
  rescheduleReason: 'task.rescheduleReason',
  notApplicableReason: 'task.notApplicableReason',
  assigneeId: 'task.assignee',
  comment: 'task.comment',
  reason: 'task.reason',
  archiveReason: 'task.reason',
  version: 'task.documentVersion',
};

/** The history's words for an entry: evidence events by their own labels, a changed due date as a reschedule. */
function historyActionKey(entry: TaskHistoryEntry): string {
  if (entry.entityType === 'DOCUMENT') return `taskHistory.DOCUMENT_${entry.action}`;
  if (entry.action === 'UPDATE' && 'dueDate' in entry.changes) return 'taskHistory.RESCHEDULE';
  return `taskHistory.${entry.action}`;
}

/** The task's audit trail, newest first. */
function TaskHistory({ history, task }: { history: TaskHistoryEntry[]; task: TaskDetail }) {
  const t = useT();
  const intl = useIntl();
  const format = useFormatters();
  const actionLabel = (entry: TaskHistoryEntry) => {
    const key = historyActionKey(entry);
    return key in intl.messages ? t(key as MessageKey) : entry.action;
  };
  const entries = [...history].reverse();
  return (
    <Card title={t('task.history')}>
      {entries.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('task.noHistory', { date: format.dateTime(task.createdAt) })}
        />
      ) : (
        <Timeline
          items={entries.map((entry) => ({
            key: entry._id,
            color:
              entry.action === 'COMPLETE'
                ? 'green'
                : entry.action === 'REOPEN' || entry.action === 'ARCHIVE'
                  ? 'red'
                  : 'blue',
            content: (
              <div className="task-history__entry">
                <Typography.Text strong>{actionLabel(entry)}</Typography.Text>
                {entry.documentTitle ? (
                  <span className="task-history__document">
                    <bdi>{entry.documentTitle}</bdi>
                  </span>
                ) : null}
                <Typography.Text type="secondary" className="task-history__change">
                  {t('task.historyMeta', {
                    who: entry.actorName ?? entry.actorEmail ?? t('audit.system'),
                    when: format.dateTime(entry.at),
                  })}
                </Typography.Text>
                {Object.entries(entry.changes).map(([field, change]) => (
                  <span key={field} className="task-history__change">
                    <span className="task-history__field">
                      {HISTORY_FIELDS[field] ? t(HISTORY_FIELDS[field]) : auditFieldLabel(t, field)}
                    </span>
                    {': '}
                    {change.before === null || change.before === undefined ? null : (
                      <>
                        <HistoryValue field={field} value={change.before} t={t} format={format} />
                        {' → '}
                      </>
                    )}
                    <HistoryValue field={field} value={change.after} t={t} format={format} />
                  </span>
                ))}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
