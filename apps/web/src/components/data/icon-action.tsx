import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';

/** A compact row action: an icon button with a tooltip (`label`) and an accessible name (`ariaLabel`, e.g. "Edit Prairie Wind"). */
export function IconAction({
  label,
  ariaLabel,
  icon,
  ...rest
}: { label: string; ariaLabel?: string; icon: ReactNode } & Omit<ButtonProps, 'icon' | 'children'>) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={ariaLabel ?? label} {...rest} />
    </Tooltip>
  );
}
