import { useState } from 'react';
import { Button, Card, Empty, List } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { FindingStatusTag, SeverityTag } from './finding-tags';
import { RecordFindingModal } from './record-finding-modal';
import { useFindings } from '../api/list-findings';

/** A task page's findings (a miss, a late completion, or one recorded about it), each linking to its page. */
export function TaskFindingsCard({ task }: { task: { _id: string; facilityId: string } }) {
  const t = useT();
  const me = useCurrentUser();
  const [recording, setRecording] = useState(false);
  const { data, isPending } = useFindings({ taskId: task._id, pageSize: 20, sort: '-identifiedOn' });
  return (
    <Card
      title={t('findings.taskFindings')}
      extra={
        can(me.role, 'finding:create') ? (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
            {t('findings.record')}
          </Button>
        ) : null
      }
    >
      <List
        loading={isPending}
        dataSource={data?.data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('findings.noTaskFindings')} />,
        }}
        renderItem={(finding) => (
          <List.Item key={finding._id}>
            <Link to={`/findings/${finding._id}`}>
              <bdi>{finding.title}</bdi>
            </Link>
            <span>
              <SeverityTag severity={finding.severity} />
              <FindingStatusTag status={finding.status} />
            </span>
          </List.Item>
        )}
      />
      <RecordFindingModal
        open={recording}
        onClose={() => setRecording(false)}
        initial={{ facilityId: task.facilityId, taskId: task._id }}
      />
    </Card>
  );
}
