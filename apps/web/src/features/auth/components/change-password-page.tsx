import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useNewPasswordRule } from '../../../lib/auth/new-password-rule';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { useChangePassword } from '../api/change-password';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /change-password: current, new, confirm; the shared strength rule; other sessions are signed out. */
export function ChangePasswordPage() {
  const t = useT();
  const { user, passwordChanged } = useAuth();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mutation = useChangePassword();
  const [form] = Form.useForm<Values>();
  const newPasswordRule = useNewPasswordRule();

  const onFinish = (values: Values) => {
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ data }) => {
          passwordChanged(data.token);
          form.resetFields();
          void message.success(t('changePassword.done'));
          navigate('/');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length > 0) {
            form.setFields(
              error.fieldErrors
                .filter((field) => field.path === 'currentPassword' || field.path === 'newPassword')
                .map((field) => ({ name: field.path as keyof Values, errors: [field.message] })),
            );
          }
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={t('changePassword.title')} />
      <Card className="narrow-card">
        {user?.mustChangePassword ? (
          <Alert type="warning" showIcon className="form-alert" title={t('changePassword.required')} />
        ) : null}
        {mutation.error && !(mutation.error instanceof ApiError && mutation.error.fieldErrors.length > 0) ? (
          <Alert type="error" showIcon className="form-alert" title={mutation.error.message} role="alert" />
        ) : null}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          disabled={mutation.isPending}
          requiredMark={false}
        >
          <Form.Item
            label={t('changePassword.current')}
            name="currentPassword"
            rules={[{ required: true, message: t('changePassword.currentRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t('changePassword.new')}
            name="newPassword"
            extra={t('changePassword.rule')}
            dependencies={['currentPassword']}
            rules={[
              { required: true, message: t('changePassword.newRequired') },
              newPasswordRule,
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || value !== getFieldValue('currentPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('changePassword.sameAsCurrent'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('changePassword.confirm')}
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('changePassword.newRequired') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('changePassword.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('changePassword.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
