import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** The title row of a screen, with optional actions on the right. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Flex className="page-header" align="center" justify="space-between" wrap gap={12}>
      <Typography.Title level={1} className="page-header__title">
        {title}
      </Typography.Title>
      {actions ? (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
