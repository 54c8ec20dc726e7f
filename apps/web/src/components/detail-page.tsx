import type { ReactNode } from 'react';
import { Alert, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { useT } from '../lib/i18n/use-t';
import { PageHeader } from './page-header';
import { StatusPage } from './status-page';

/**
 * A detail page's record as its query reads it (a facility, a requirement, a task): "not found" for a 404,
 * a skeleton of `rows` lines while it loads, `loadFailed` with the error when it could not be read, and
 * `children` with the record once it is there.
 */
export function DetailLoad<T>({
  query: { data, error, isPending },
  rows,
  loadFailed,
  children,
}: {
  query: { data: { data: T } | undefined; error: Error | null; isPending: boolean };
  rows: number;
  loadFailed: string;
  children: (record: T) => ReactNode;
}) {
  const t = useT();
  if (error instanceof ApiError && error.status === 404)
    return <StatusPage status="404" title="404" subTitle={t('error.notFound')} homeLabel={t('error.goHome')} />;
  if (isPending) return <Skeleton active paragraph={{ rows }} />;
  if (error || !data)
    return <Alert type="error" showIcon role="alert" title={loadFailed} description={error?.message} />;
  return children(data.data);
}

/** The head of a detail page: the link back to its list, then its name with its tags, and its actions. */
export function DetailHeader({
  back,
  name,
  tags,
  actions,
}: {
  back: { to: string; label: string };
  name: string;
  tags: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Link to={back.to} className="back-link">
        <ArrowLeftOutlined /> {back.label}
      </Link>
      <PageHeader
        title={
          <Space wrap size={12}>
            <span>{name}</span>
            {tags}
          </Space>
        }
        actions={actions}
      />
    </>
  );
}
