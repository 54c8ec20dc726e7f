import { useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CorrectiveAction, FindingDetail } from '@rtms/shared/schemas/findings';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { column } from '../../../components/data/common-columns';
import { useFormatters } from '../../../components/data/use-formatters';
import { UpdateActionModal } from './action-dialogs';
import { ActionStatusTag } from './finding-tags';

/** A finding's corrective actions; their owner (or a manager) completes one or asks for a later date. */
export function CorrectiveActionsTable({ finding, ended }: { finding: FindingDetail; ended: boolean }) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const [open, setOpen] = useState<{ action: CorrectiveAction; mode: 'complete' | 'reschedule' } | null>(null);
  const manager = can(me.role, 'finding:manage');
  // The table scrolls sideways on a narrow screen: its scrolling box takes the keyboard's focus, so that it can be
  // scrolled without a mouse even when no row has a button left (a closed finding).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelectorAll('.ant-table-content').forEach((element) => element.setAttribute('tabindex', '0'));
  });
  const mayUpdate = (action: CorrectiveAction) =>
    !ended && action.status === 'OPEN' && (manager || action.ownerId === me._id);

  const columns: ColumnsType<CorrectiveAction> = [
    column(t('findings.actionTitle'), 'title', (action) => (
      <Flex vertical>
        <bdi>{action.title}</bdi>
        {action.note ? <Typography.Text type="secondary">{action.note}</Typography.Text> : null}
        {action.dueDateReason ? (
          <Typography.Text type="secondary">
            {t('findings.movedBecause', { reason: action.dueDateReason })}
          </Typography.Text>
        ) : null}
      </Flex>
    )),
    column(t('findings.actionType'), 'type', (action) => t(`findings.actionType.${action.type}`)),
    column(t('findings.actionOwner'), 'owner', (action) => <bdi>{action.ownerName}</bdi>),
    column(t('findings.actionDueDate'), 'dueDate', (action) =>
      action.completedOn
        ? t('findings.doneOn', { date: format.date(action.completedOn) })
        : format.date(action.dueDate),
    ),
    column(t('findings.actionStatus'), 'status', (action) => (
      <ActionStatusTag status={action.status} overdue={action.overdue} />
    )),
    column(t('findings.rowActions'), 'row', (action) =>
      mayUpdate(action) ? (
        <Flex wrap gap={4}>
          <Button
            size="small"
            onClick={() => setOpen({ action, mode: 'complete' })}
            aria-label={t('findings.completeActionOf', { title: action.title })}
          >
            {t('findings.completeAction')}
          </Button>
          <Button
            size="small"
            onClick={() => setOpen({ action, mode: 'reschedule' })}
            aria-label={t('findings.rescheduleActionOf', { title: action.title })}
          >
            {t('findings.rescheduleAction')}
          </Button>
        </Flex>
      ) : null,
    ),
  ];

  return (
    <Card title={t('findings.correctiveActions')}>
      {finding.actions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('findings.noActions')} />
      ) : (
        <div ref={box}>
          <Table<CorrectiveAction>
            rowKey="_id"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={finding.actions}
            aria-label={t('findings.correctiveActions')}
          />
        </div>
      )}
      {open ? <UpdateActionModal open action={open.action} mode={open.mode} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
