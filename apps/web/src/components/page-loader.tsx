import { Flex } from 'antd';

/**
 * Full-area loader while something essential (the session, a page's code) is loading. It draws the same
 * spinner as the static loader of index.html (public/boot.css), so that one hands over to the other unseen,
 * and it needs no antd Spin on the sign-in page's first load.
 */
export function PageLoader({ label, detail }: { label: string; detail?: string | null }) {
  return (
    <Flex className="page-loader" align="center" justify="center" vertical gap={12} role="status" aria-live="polite">
      <div className="boot-loader__spinner" aria-hidden="true" />
      <span>{label}</span>
      {detail ? <span className="page-loader__detail">{detail}</span> : null}
    </Flex>
  );
}
