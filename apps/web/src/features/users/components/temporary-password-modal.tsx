import { useState } from 'react';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import '../../../components/data/data.css';
import { useT } from '../../../lib/i18n/use-t';

/**
 * Shows a generated or reset password once, with a copy button. The server never returns it again;
 * the user must change it at next sign-in.
 */
export function TemporaryPasswordModal({
  open,
  email,
  password,
  onClose,
}: {
  open: boolean;
  email: string;
  password: string;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
      void message.success(t('users.passwordCopied'));
    } catch {
      void message.error(t('users.copyFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('users.temporaryPasswordTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => setCopied(false)}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('users.passwordSaved')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph className="temporary-password__intro">
          {t('users.temporaryPasswordFor', { email })}
        </Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <Typography.Text code className="temporary-password__value" aria-label={t('users.temporaryPassword')}>
            {password}
          </Typography.Text>
          <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
            {copied ? t('users.copied') : t('users.copyPassword')}
          </Button>
        </Flex>
        <Alert type="warning" showIcon title={t('users.temporaryPasswordOnce')} />
      </Flex>
    </Modal>
  );
}
