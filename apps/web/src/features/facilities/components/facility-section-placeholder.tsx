import type { ReactNode } from 'react';
import { Empty, Typography } from 'antd';

/**
 * A section of the facility page whose feature is not built yet (requirements, tasks, documents):
 * a real, honest empty state — never sample data. Each is replaced by its feature's own component.
 */
export function FacilitySectionPlaceholder({ title, body }: { title: ReactNode; body: ReactNode }) {
  return (
    <Empty
      className="facility-section-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong>{title}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{body}</Typography.Text>
        </>
      }
    />
  );
}
