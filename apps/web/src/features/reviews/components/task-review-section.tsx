import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, List, Space, Tag, Typography } from 'antd';
import { AuditOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { can } from '@rtms/shared/permissions';
import type { Signature } from '@rtms/shared/schemas/reviews';
import type { Task } from '@rtms/shared/schemas/tasks';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { ExtensionRequestDialog } from './extension-request-dialog';
import { ReviewDialog } from './review-dialog';
import { useTaskSignatures } from '../api/reviews';
import './reviews.css';

/** One signature: decision, meaning, signer, UTC time, re-authentication and the evidence hashes it covered. */
function SignatureItem({ signature }: { signature: Signature }) {
  const t = useT();
  const approved = signature.decision === 'APPROVE';
  return (
    <List.Item>
      <Flex vertical gap={4} className="review-signature">
        <Space wrap size={4}>
          <Tag color={approved ? 'green' : 'red'}>
            {approved ? t('review.signed') : t('review.extensionStatus.REJECTED')}
          </Tag>
          {signature.meaning ? <Tag>{t(`review.meaning.${signature.meaning}`)}</Tag> : null}
          {approved ? (
            <Tag color={signature.current ? 'blue' : 'default'}>
              {signature.current ? t('review.current') : t('review.superseded')}
            </Tag>
          ) : null}
        </Space>
        <Typography.Text>
          {t('review.signer')}: <strong>{signature.signerName}</strong> · {t('review.signedAt')}:{' '}
          <bdi>{signature.signedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}</bdi> · {t('review.methodLabel')}:{' '}
          {t(`review.method.${signature.method}`)}
        </Typography.Text>
        {signature.reason ? (
          <Typography.Text>
            {t('review.reason')}: {signature.reason}
          </Typography.Text>
        ) : null}
        {signature.evidence.length ? (
          <div>
            <Typography.Text type="secondary">{t('review.evidenceCovered')}</Typography.Text>
            <ul className="review-hashes">
              {signature.evidence.map((evidence) => (
                <li key={`${evidence.documentId}-${evidence.version}`}>
                  {evidence.fileName} · {t('documents.version')} {evidence.version}{' '}
                  <Typography.Text code className="review-hash">
                    {evidence.sha256}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Flex>
    </List.Item>
  );
}

/**
 * The task page's review region: whether the completion awaits review, the Review button for a reviewer who
 * did not complete it, every signature with the evidence hashes it covered, and "Request more time" on an open
 * task. A single sign-on re-sign-in comes back here with `?signingGrant=` (or `?ssoError=`).
 */
export function TaskReviewSection({
  task,
}: {
  task: Pick<Task, '_id' | 'state' | 'status' | 'completedBy' | 'dueDate' | 'notApplicableReason'>;
}) {
  const t = useT();
  const me = useCurrentUser();
  const signatures = useTaskSignatures(task._id);
  const [params, setParams] = useSearchParams();
  // A single sign-on re-sign-in came back here: its grant opens the dialog, its error shows; both leave the address.
  const [grant, setGrant] = useState<string | undefined>(() => params.get('signingGrant') ?? undefined);
  const [ssoError] = useState<string | undefined>(() => params.get('ssoError') ?? undefined);
  const [dialog, setDialog] = useState<'review' | 'extension' | null>(() =>
    params.get('signingGrant') ? 'review' : null,
  );
  const awaiting = task.state === 'PENDING_REVIEW';
  const ownCompletion = task.completedBy === me._id;
  const mayReview = awaiting && can(me.role, 'task:review') && !ownCompletion;
  const mayRequest = task.status === 'INCOMPLETE' && task.notApplicableReason === null && can(me.role, 'task:complete');

  useEffect(() => {
    if (!params.has('signingGrant') && !params.has('ssoError')) return;
    const next = new URLSearchParams(params);
    next.delete('signingGrant');
    next.delete('ssoError');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const list = signatures.data ?? [];
  return (
    <Card
      title={
        <Space>
          <AuditOutlined aria-hidden />
          {t('review.sectionTitle')}
        </Space>
      }
      className="review-section"
      extra={
        <Space wrap>
          {mayReview ? (
            <Button type="primary" onClick={() => setDialog('review')}>
              {t('review.review')}
            </Button>
          ) : null}
          {mayRequest ? (
            <Button icon={<FieldTimeOutlined aria-hidden />} onClick={() => setDialog('extension')}>
              {t('review.extensionRequest')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        {ssoError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={ssoError === 'STALE' ? t('review.ssoStale') : t('review.ssoFailed')}
          />
        ) : null}
        {awaiting ? (
          <Alert type="info" showIcon title={ownCompletion ? t('review.ownCompletion') : t('review.awaiting')} />
        ) : null}
        {signatures.isError ? <Alert type="error" showIcon role="alert" title={t('review.loadFailed')} /> : null}
        {list.length ? (
          <List dataSource={list} renderItem={(signature) => <SignatureItem signature={signature} />} />
        ) : signatures.isLoading ? null : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('review.noSignature')} />
        )}
      </Flex>
      <ReviewDialog
        taskId={task._id}
        open={dialog === 'review'}
        signingGrant={grant}
        onClose={() => {
          setDialog(null);
          setGrant(undefined);
        }}
      />
      <ExtensionRequestDialog task={task} open={dialog === 'extension'} onClose={() => setDialog(null)} />
    </Card>
  );
}
