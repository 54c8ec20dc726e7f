import { Alert, Form, Input, Modal } from 'antd';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { useDisableMfa } from '../api/mfa';

/** Turning the second factor off asks for the password: the person at the keyboard must be the account holder. */
export function DisableMfaModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ password: string }>();
  const disable = useDisableMfa();

  const onFinish = ({ password }: { password: string }) => {
    disable.mutate(
      { password },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
        },
        onError: (error) => {
          const field =
            error instanceof ApiError ? error.fieldErrors.find((item) => item.path === 'password') : undefined;
          if (field) form.setFields([{ name: 'password', errors: [t('accountSecurity.passwordWrong')] }]);
        },
      },
    );
  };
  const otherError =
    disable.error && !(disable.error instanceof ApiError && disable.error.fieldErrors.length > 0)
      ? disable.error.message
      : null;

  return (
    <Modal
      open={open}
      title={t('accountSecurity.disableTitle')}
      okText={t('accountSecurity.disable')}
      okButtonProps={{ danger: true, loading: disable.isPending }}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        disable.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <p>{t('accountSecurity.disableBody')}</p>
      {otherError ? <Alert type="error" showIcon className="form-alert" title={otherError} role="alert" /> : null}
      <Form form={form} layout="vertical" onFinish={onFinish} disabled={disable.isPending} requiredMark={false}>
        <Form.Item
          label={t('accountSecurity.password')}
          name="password"
          rules={[{ required: true, message: t('changePassword.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
