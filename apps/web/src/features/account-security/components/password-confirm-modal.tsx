import { Alert, Form, Input, Modal } from 'antd';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';

/**
 * Asks for the password before a change to the second factor (turn off, new backup codes): the person at the
 * keyboard must be the account holder. A wrong password shows on the field; other errors above the form.
 */
export function PasswordConfirmModal({
  open,
  title,
  body,
  okText,
  danger,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  error: Error | null;
  onSubmit: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ password: string }>();
  const passwordWrong = error instanceof ApiError && error.fieldErrors.some((item) => item.path === 'password');

  const onFinish = async ({ password }: { password: string }) => {
    try {
      await onSubmit(password);
      form.resetFields();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.some((item) => item.path === 'password')) {
        form.setFields([{ name: 'password', errors: [t('accountSecurity.passwordWrong')] }]);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: pending }}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <p>{body}</p>
      {error && !passwordWrong ? (
        <Alert type="error" showIcon className="form-alert" title={error.message} role="alert" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        disabled={pending}
        requiredMark={false}
      >
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
