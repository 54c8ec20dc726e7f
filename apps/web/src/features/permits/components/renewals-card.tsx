import { Card, Empty, Table } from 'antd';
import { Link } from 'react-router';
import type { Permit } from '@rtms/shared/schemas/permits';
import { useT } from '../../../lib/i18n/use-t';
import { useFormatters } from '../../../components/data/use-formatters';
import { column } from '../../../components/data/common-columns';
import { permitsEndpoint } from '../api/permits-api';
import { PermitStatusTag } from './permit-status-tag';

/** The dashboard's permits within their renewal lead time (EXPIRING), soonest expiry first. */
export function RenewalsCard() {
  const t = useT();
  const format = useFormatters();
  const { data, isPending } = permitsEndpoint.useList({ status: 'EXPIRING', sort: 'expiresOn', pageSize: 5 });
  const rows = data?.data ?? [];
  return (
    <Card
      title={t('permits.dashboardTitle')}
      extra={<Link to="/permits?status=EXPIRING&sort=expiresOn">{t('dashboard.seeAll')}</Link>}
    >
      <Table<Permit>
        size="small"
        rowKey="_id"
        aria-label={t('permits.dashboardTitle')}
        loading={isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('permits.dashboardNone')} /> }}
        columns={[
          column(t('permits.expiresOn'), 'expires', (permit) =>
            permit.expiresOn ? format.date(permit.expiresOn) : '—',
          ),
          column(t('permits.number'), 'number', (permit) => <Link to={`/permits/${permit._id}`}>{permit.number}</Link>),
          { title: t('task.facility'), key: 'facility', dataIndex: 'facilityName' },
          column(t('permits.daysToExpiry'), 'days', (permit) => format.number(permit.daysToExpiry ?? 0)),
          column(t('data.status'), 'status', (permit) => <PermitStatusTag status={permit.status} />),
        ]}
      />
    </Card>
  );
}
