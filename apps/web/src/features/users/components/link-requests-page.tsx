import { useMemo } from 'react';
import { Alert, Button, Card, Empty, Flex, Grid, List, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { SsoLinkRequest } from '@rtms/shared/schemas/auth';
import { PageHeader } from '../../../components/page-header';
import { ConfirmButton } from '../../../components/data/confirm-button';
import { ColumnCard, type ChoosableColumns } from '../../../components/data/column-choice';
import { column } from '../../../components/data/common-columns';
import { actionsColumn, RowActions } from '../../../components/data/row-actions';
import { useFormatters } from '../../../components/data/use-formatters';
import { useRowAction } from '../../../components/data/use-row-action';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicConfig } from '../../../lib/public-config';
import { useDecideLinkRequest } from '../api/decide-link-request';
import { useLinkRequests } from '../api/list-link-requests';
import '../../../components/data/data.css';

type Decision = 'APPROVE' | 'REJECT';

const nameOf = (request: SsoLinkRequest) => request.userName.trim() || request.userEmail;

/**
 * /users/link-requests (ALL_FACILITY_ADMIN, decision 036): the single sign-on links whose provider email is not
 * the account's verified email, each approved (linked) or rejected after a confirmation. The role column says
 * what the provider's claims would make of the user, since that is what an approval hands out.
 */
export function LinkRequestsPage() {
  const t = useT();
  const format = useFormatters();
  const run = useRowAction();
  const provider = usePublicConfig().sso?.label ?? t('linkRequests.provider');
  const requests = useLinkRequests();
  const { refetch } = requests;
  const { mutateAsync: decide } = useDecideLinkRequest();
  // Only a width known to be a phone's (as the lists do): jsdom and the first render report none.
  const phone = Grid.useBreakpoint().xs === true;

  const columns = useMemo<ChoosableColumns<SsoLinkRequest>>(() => {
    const decideOne = (request: SsoLinkRequest, decision: Decision) =>
      run(
        () =>
          decide({ id: request._id, decision }).catch(async (error: unknown) => {
            // Decided elsewhere, or no longer possible: say so in the interface language and show the list as it is.
            if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
              await refetch();
              throw new Error(t('linkRequests.stale'));
            }
            throw error;
          }),
        () =>
          t(decision === 'APPROVE' ? 'linkRequests.approved' : 'linkRequests.rejected', {
            user: nameOf(request),
            email: request.email,
          }),
        8,
      );
    return [
      column(t('linkRequests.user'), 'user', (request) => (
        <Flex vertical>
          <Typography.Text strong>{nameOf(request)}</Typography.Text>
          <Typography.Text type="secondary">{request.userEmail}</Typography.Text>
        </Flex>
      )),
      column(t('linkRequests.providerAccount', { provider }), 'email', (request) => (
        <Flex vertical align="start" gap={4}>
          <Typography.Text>{request.email || '—'}</Typography.Text>
          {request.emailVerified ? (
            <Tag color="green">{t('linkRequests.verified')}</Tag>
          ) : (
            <Tag color="orange" icon={<WarningOutlined aria-hidden />}>
              {t('linkRequests.notVerified')}
            </Tag>
          )}
        </Flex>
      )),
      column(t('linkRequests.role'), 'role', (request) =>
        request.mappedRole === null ? (
          <Tag color="red">{t('linkRequests.noRole')}</Tag>
        ) : (
          <Flex vertical align="start" gap={4}>
            <Typography.Text>{t(`role.${request.mappedRole}`)}</Typography.Text>
            {request.mappedRole === request.userRole ? null : (
              <Tag color="gold">{t('linkRequests.roleNow', { role: t(`role.${request.userRole}`) })}</Tag>
            )}
          </Flex>
        ),
      ),
      column(t('linkRequests.requestedAt'), 'createdAt', (request) => format.dateTime(request.createdAt)),
      actionsColumn<SsoLinkRequest>(t, (request) => {
        const texts = { user: nameOf(request), email: request.email, provider };
        return (
          <RowActions nowrap>
            <ConfirmButton
              size="small"
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              title={t('linkRequests.approveConfirm', texts)}
              description={t('linkRequests.approveConfirmBody', texts)}
              okText={t('linkRequests.approve')}
              onConfirm={() => decideOne(request, 'APPROVE')}
              aria-label={t('linkRequests.approveNamed', texts)}
            >
              {t('linkRequests.approve')}
            </ConfirmButton>
            <ConfirmButton
              size="small"
              danger
              icon={<CloseOutlined aria-hidden />}
              title={t('linkRequests.rejectConfirm', texts)}
              description={t('linkRequests.rejectConfirmBody', texts)}
              okText={t('linkRequests.reject')}
              onConfirm={() => decideOne(request, 'REJECT')}
              aria-label={t('linkRequests.rejectNamed', texts)}
            >
              {t('linkRequests.reject')}
            </ConfirmButton>
          </RowActions>
        );
      }),
    ];
  }, [t, format, run, decide, refetch, provider]);

  const rows = requests.data ?? [];
  const notConfigured = requests.error instanceof ApiError && requests.error.status === 404;
  const empty = <Empty description={t(notConfigured ? 'linkRequests.notConfigured' : 'linkRequests.empty')} />;
  const label = t('linkRequests.title');

  return (
    <>
      <Link to="/users" className="back-link">
        <ArrowLeftOutlined /> {t('nav.users')}
      </Link>
      <PageHeader title={label} />
      <Typography.Paragraph type="secondary">{t('linkRequests.intro', { provider })}</Typography.Paragraph>
      {requests.error && !notConfigured ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="page-alert"
          title={t('data.loadFailed')}
          description={requests.error.message}
          action={
            <Button size="small" onClick={() => void requests.refetch()}>
              {t('data.retry')}
            </Button>
          }
        />
      ) : null}
      <Card size={phone ? 'small' : undefined}>
        {phone ? (
          <section aria-label={label} aria-busy={requests.isFetching} className="data-cards">
            {rows.length === 0 ? (
              requests.isPending ? (
                <div className="data-table__loading" />
              ) : (
                empty
              )
            ) : (
              <List
                dataSource={rows}
                rowKey="_id"
                renderItem={(row, index) => (
                  <List.Item className="data-cards__item">
                    <ColumnCard columns={columns} row={row} index={index} />
                  </List.Item>
                )}
              />
            )}
          </section>
        ) : (
          <Table<SsoLinkRequest>
            aria-label={label}
            rowKey="_id"
            columns={columns}
            dataSource={rows}
            loading={requests.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: requests.isPending ? <div className="data-table__loading" /> : empty }}
          />
        )}
      </Card>
    </>
  );
}
