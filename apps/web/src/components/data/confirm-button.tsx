import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { useT } from '../../lib/i18n/use-t';

/**
 * A button whose action runs only after a confirmation (deactivate, unassign, reset…). While the
 * returned promise runs, the confirm button shows a spinner; a rejected promise keeps it open.
 * With `tooltip`, an icon-only button names its action on hover and focus.
 */
export function ConfirmButton({
  title,
  description,
  okText,
  onConfirm,
  danger,
  tooltip,
  children,
  ...buttonProps
}: {
  title: ReactNode;
  description?: ReactNode;
  okText?: string;
  onConfirm: () => Promise<unknown> | void;
  danger?: boolean;
  tooltip?: string;
  children?: ReactNode;
} & Omit<ButtonProps, 'onClick' | 'danger' | 'title'>) {
  const t = useT();
  const confirm = (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? t('data.confirm')}
      cancelText={t('data.cancel')}
      okButtonProps={{ danger }}
      onConfirm={async () => {
        await onConfirm();
      }}
    >
      <Button danger={danger} {...buttonProps}>
        {children}
      </Button>
    </Popconfirm>
  );
  return tooltip ? <Tooltip title={tooltip}>{confirm}</Tooltip> : confirm;
}

/**
 * A row's icon button whose action runs after a confirmation (reset, restore, retire…): `label` is its
 * tooltip and the confirm button's text, `ariaLabel` names the row ("Reset the password of Ada").
 */
export function ConfirmAction({
  label,
  ariaLabel,
  icon,
  title,
  description,
  danger,
  onConfirm,
}: {
  label: string;
  ariaLabel: string;
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  danger?: boolean;
  onConfirm: () => Promise<unknown> | void;
}) {
  return (
    <ConfirmButton
      size="small"
      type="text"
      icon={icon}
      tooltip={label}
      danger={danger}
      title={title}
      description={description}
      okText={label}
      onConfirm={onConfirm}
      aria-label={ariaLabel}
    />
  );
}
