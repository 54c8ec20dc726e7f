import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@rtms/shared/constants';
import { newPasswordSchema } from '@rtms/shared/schemas/auth';
import type { MessageKey } from '../../../lib/i18n/messages/en';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { PageHeader } from '../../../components/page-header';
import { useChangePassword } from '../api/change-password';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The server's strength rule (the same shared schema), its failure as a translated message. */
function passwordProblem(value: string): { key: MessageKey; values?: Record<string, number> } | undefined {
  const issue = newPasswordSchema.safeParse(value).error?.issues[0];
  if (!issue) return undefined;
  if (issue.code === 'too_small') return { key: 'changePassword.tooShort', values: { min: PASSWORD_MIN_LENGTH } };
  if (issue.code === 'too_big') return { key: 'changePassword.tooLong', values: { max: PASSWORD_MAX_LENGTH } };
  return { key: 'changePassword.tooEasy' };
}

/** /change-password: current, new, confirm; the shared strength rule; other sessions are signed out. */
export function ChangePasswordPage() {
  const t = useT();
  const { user, passwordChanged } = useAuth();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mutation = useChangePassword();
  const [form] = Form.useForm<Values>();

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
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = value ? passwordProblem(value) : undefined;
                  return problem ? Promise.reject(new Error(t(problem.key, problem.values))) : Promise.resolve();
                },
              },
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
