import { useState } from 'react';
import { App, Alert, Button, Card, Col, Descriptions, Flex, Row, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import type { FindingDetail } from '@rtms/shared/schemas/findings';
import { can } from '@rtms/shared/permissions';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import '../../../components/data/data.css';
import { DetailHeader, DetailLoad } from '../../../components/detail-page';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { useFormatters } from '../../../components/data/use-formatters';
import { useFinding } from '../api/get-finding';
import { useCloseFinding } from '../api/finding-mutations';
import { AddActionModal } from './action-dialogs';
import { CorrectiveActionsTable } from './corrective-actions-table';
import { CancelFindingModal, EditFindingModal, VerifyFindingModal } from './finding-dialogs';
import { FindingHistory } from './finding-history';
import { FindingStatusTag, SeverityTag } from './finding-tags';

/** /findings/:id: one finding with its task, permit, root cause, actions and history; verify, close, cancel. */
export function FindingDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <DetailLoad query={useFinding(id)} rows={10} loadFailed={t('findings.loadFailed')}>
      {(finding) => (
        <>
          <DetailHeader
            back={{ to: '/findings', label: t('findings.back') }}
            name={finding.title}
            tags={
              <>
                <SeverityTag severity={finding.severity} />
                <FindingStatusTag status={finding.status} />
              </>
            }
          />
          <FindingView finding={finding} />
        </>
      )}
    </DetailLoad>
  );
}

type Dialog = 'edit' | 'verify' | 'cancel' | 'action' | null;

function FindingView({ finding }: { finding: FindingDetail }) {
  const t = useT();
  const me = useCurrentUser();
  const format = useFormatters();
  const { message } = App.useApp();
  const close = useCloseFinding();
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = () => setDialog(null);
  const manager = can(me.role, 'finding:manage');
  const ended = finding.status === 'CLOSED' || finding.status === 'CANCELLED';
  const ownsAction = finding.actions.some((action) => action.ownerId === me._id);
  const verified = finding.verification?.effective === true;

  const details = [
    {
      key: 'facility',
      label: t('findings.facility'),
      children: (
        <Link to={`/facilities/${finding.facilityId}`}>
          <bdi>{finding.facilityName}</bdi>
        </Link>
      ),
    },
    { key: 'source', label: t('findings.source'), children: t(`findings.source.${finding.source}`) },
    { key: 'identifiedOn', label: t('findings.identifiedOn'), children: format.date(finding.identifiedOn) },
    { key: 'owner', label: t('findings.owner'), children: finding.ownerName ? <bdi>{finding.ownerName}</bdi> : '—' },
    {
      key: 'task',
      label: t('findings.task'),
      children: finding.taskId ? (
        <Link to={`/tasks/${finding.taskId}`}>
          <bdi>{finding.taskTitle ?? finding.taskId}</bdi>
        </Link>
      ) : (
        '—'
      ),
    },
    {
      key: 'permit',
      label: t('findings.permit'),
      children: finding.permitId ? (
        <Link to={`/permits/${finding.permitId}`}>
          <bdi>{finding.permitLabel ?? finding.permitId}</bdi>
        </Link>
      ) : (
        '—'
      ),
    },
    ...(finding.daysLate !== null
      ? [{ key: 'daysLate', label: t('findings.daysLate'), children: format.number(finding.daysLate) }]
      : []),
    {
      key: 'report',
      label: t('findings.reportDueDate'),
      children: finding.reportable ? (
        finding.reportedOn ? (
          t('findings.reportedOnDate', { date: format.date(finding.reportedOn) })
        ) : (
          <Tag color="orange">{t('findings.reportDue', { date: format.date(finding.reportDueDate) })}</Tag>
        )
      ) : (
        t('findings.notReportable')
      ),
    },
    {
      key: 'rootCause',
      label: t('findings.rootCause'),
      span: 'filled' as const,
      children: finding.rootCause ? (
        <>
          {finding.rootCauseCategory ? <Tag>{t(`findings.rootCauseCategory.${finding.rootCauseCategory}`)}</Tag> : null}
          <Typography.Text>{finding.rootCause}</Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{t('findings.noRootCause')}</Typography.Text>
      ),
    },
  ];

  return (
    <>
      {finding.description ? (
        <Typography.Paragraph className="finding-page__description">{finding.description}</Typography.Paragraph>
      ) : null}
      {finding.status === 'CANCELLED' ? (
        <Alert
          className="page-alert"
          type="info"
          showIcon
          title={t('findings.cancelledBecause', { reason: finding.cancelReason ?? '' })}
        />
      ) : null}
      {finding.verification ? (
        <Alert
          className="page-alert"
          type={finding.verification.effective ? 'success' : 'warning'}
          showIcon
          title={
            finding.verification.effective
              ? t('findings.verifiedEffective', {
                  name: finding.verification.byName ?? '—',
                  date: format.date(finding.verification.on),
                })
              : t('findings.verifiedNotEffective', {
                  name: finding.verification.byName ?? '—',
                  date: format.date(finding.verification.on),
                })
          }
          description={finding.verification.note}
        />
      ) : null}
      {manager && !ended ? (
        <Flex wrap gap={8} className="finding-page__actions">
          <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
            {t('findings.edit')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setDialog('action')}>
            {t('findings.addAction')}
          </Button>
          <Button
            icon={<SafetyCertificateOutlined />}
            disabled={finding.openActions > 0 || ownsAction}
            title={ownsAction ? t('findings.verifyOwnerHint') : undefined}
            onClick={() => setDialog('verify')}
          >
            {t('findings.verify')}
          </Button>
          <ConfirmButton
            icon={<CheckCircleOutlined />}
            type="primary"
            disabled={!verified || finding.openActions > 0 || ownsAction}
            title={t('findings.closeConfirm')}
            okText={t('findings.close')}
            onConfirm={() =>
              close.mutateAsync(finding._id).then(
                () => void message.success(t('findings.closed')),
                (error: Error) => void message.error(error.message),
              )
            }
          >
            {t('findings.close')}
          </ConfirmButton>
          <Button danger icon={<StopOutlined />} onClick={() => setDialog('cancel')}>
            {t('findings.cancel')}
          </Button>
        </Flex>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <Card title={t('findings.details')}>
              <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={details} />
            </Card>
            <CorrectiveActionsTable finding={finding} ended={ended} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <FindingHistory history={finding.history} />
        </Col>
      </Row>
      {manager ? (
        <>
          <EditFindingModal open={dialog === 'edit'} finding={finding} onClose={done} />
          <VerifyFindingModal open={dialog === 'verify'} finding={finding} onClose={done} />
          <CancelFindingModal open={dialog === 'cancel'} finding={finding} onClose={done} />
          <AddActionModal open={dialog === 'action'} finding={finding} onClose={done} />
        </>
      ) : null}
    </>
  );
}
