import { useState } from 'react';
import { Button, Card, Empty, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { PermitCondition, PermitDetail } from '@rtms/shared/schemas/permits';
import { useT } from '../../../lib/i18n/use-t';
import { ConfirmAction } from '../../../components/data/confirm-button';
import { IconAction } from '../../../components/data/icon-action';
import { RowActions } from '../../../components/data/row-actions';
import { useFormatters } from '../../../components/data/use-formatters';
import { useRowAction } from '../../../components/data/use-row-action';
import { TaskStateTag } from '../../../components/task-tags';
import { useDeleteCondition } from '../api/permits-api';
import { ConditionFormModal } from './condition-form-modal';

/** The version's conditions: each with its requirement's schedule, its next task and that task's state. */
export function PermitConditionsSection({ permit, canManage }: { permit: PermitDetail; canManage: boolean }) {
  const t = useT();
  const format = useFormatters();
  const run = useRowAction();
  const remove = useDeleteCondition(permit._id);
  const [editing, setEditing] = useState<{ open: boolean; condition?: PermitCondition }>({ open: false });
  const editable = canManage && !permit.nextVersionId && !permit.terminatedOn;

  const columns = [
    { key: 'reference', title: t('permits.conditionReference'), dataIndex: 'reference' },
    {
      key: 'text',
      title: t('permits.conditionText'),
      render: (_: unknown, condition: PermitCondition) => (
        <span className="permit-condition-text">{condition.text}</span>
      ),
    },
    {
      key: 'schedule',
      title: t('permits.conditionSchedule'),
      render: (_: unknown, condition: PermitCondition) =>
        condition.schedule && condition.requirementId ? (
          <Link to={`/requirements/${condition.requirementId}`}>
            {t(`frequency.${condition.schedule.frequency}`)} · {t(`scheduleMode.${condition.schedule.scheduleMode}`)}
          </Link>
        ) : (
          <Typography.Text type="secondary">{t('permits.standing')}</Typography.Text>
        ),
    },
    {
      key: 'next',
      title: t('permits.nextTask'),
      render: (_: unknown, condition: PermitCondition) =>
        condition.nextTask ? (
          <span>
            <Link to={`/tasks/${condition.nextTask._id}`}>{format.date(condition.nextTask.dueDate)}</Link>{' '}
            <TaskStateTag task={condition.nextTask} />
          </span>
        ) : (
          '—'
        ),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: <span className="visually-hidden">{t('data.actions')}</span>,
            render: (_: unknown, condition: PermitCondition) => (
              <RowActions nowrap>
                <IconAction
                  label={t('data.edit')}
                  ariaLabel={t('permits.editConditionNamed', { reference: condition.reference })}
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ open: true, condition })}
                />
                {condition.touched ? null : (
                  <ConfirmAction
                    icon={<DeleteOutlined />}
                    label={t('permits.deleteCondition')}
                    danger
                    title={t('permits.deleteConditionConfirm', { reference: condition.reference })}
                    onConfirm={() =>
                      run(
                        () => remove.mutateAsync(condition._id),
                        () => t('permits.conditionDeleted'),
                      )
                    }
                    ariaLabel={t('permits.deleteConditionNamed', { reference: condition.reference })}
                  />
                )}
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('permits.conditions')}
      extra={
        editable ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            {t('permits.addCondition')}
          </Button>
        ) : null
      }
    >
      <Table<PermitCondition>
        rowKey="_id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={permit.conditions}
        columns={columns}
        locale={{ emptyText: <Empty description={t('permits.noConditions')} /> }}
      />
      {editing.open ? (
        <ConditionFormModal
          permitId={permit._id}
          condition={editing.condition}
          open
          onClose={() => setEditing({ open: false })}
        />
      ) : null}
    </Card>
  );
}
