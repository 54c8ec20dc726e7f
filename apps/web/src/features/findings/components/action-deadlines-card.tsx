import { Card, Empty, List, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import { ActionStatusTag } from './finding-tags';
import { useCorrectiveActions } from '../api/list-findings';

/**
 * The calendar's layer of corrective-action deadlines: the actions due in the shown period (of the chosen facility),
 * each with its owner and a link to its finding.
 */
export function ActionDeadlinesCard({ from, to, facilityId }: { from: string; to: string; facilityId?: string }) {
  const t = useT();
  const format = useFormatters();
  const { data, isPending } = useCorrectiveActions({
    dueFrom: from,
    dueTo: to,
    facilityId,
    sort: 'dueDate',
    pageSize: 100,
  });
  return (
    <Card title={t('findings.calendarLayer')} className="calendar-actions">
      <List
        loading={isPending}
        dataSource={data?.data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('findings.calendarLayerEmpty')} />,
        }}
        renderItem={(action) => (
          <List.Item key={action._id}>
            <List.Item.Meta
              title={
                <Link to={`/findings/${action.findingId}`}>
                  <bdi>{action.title}</bdi>
                </Link>
              }
              description={
                <Typography.Text type="secondary">
                  {format.date(action.dueDate)} · <bdi>{action.ownerName}</bdi> · <bdi>{action.facilityName}</bdi>
                </Typography.Text>
              }
            />
            <ActionStatusTag status={action.status} overdue={action.overdue} />
          </List.Item>
        )}
      />
    </Card>
  );
}
