import { Alert, Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import type { TotpEnrolment as Enrolment } from '@rtms/shared/schemas/mfa';
import { totpCodeSchema } from '@rtms/shared/schemas/mfa';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { useConfirmTotp } from '../api/mfa';

/** The secret in groups of four, as authenticator apps ask for it when typed by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Set-up of an authenticator app: scan the QR code (or type the key), then confirm with a first code.
 * The answer of the confirmation is the ten backup codes.
 */
export function TotpEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (backupCodes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmTotp();

  const onFinish = ({ code }: { code: string }) => {
    confirm.mutate(
      { code },
      {
        onSuccess: ({ backupCodes }) => onConfirmed(backupCodes),
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors.find((item) => item.path === 'code') : undefined;
          if (field) form.setFields([{ name: 'code', errors: [t('accountSecurity.codeWrong')] }]);
        },
      },
    );
  };
  const otherError =
    confirm.error && !(confirm.error instanceof ApiError && confirm.error.fieldErrors.length > 0)
      ? confirm.error.message
      : null;

  return (
    <section aria-labelledby="totp-setup-title">
      <Typography.Title level={2} id="totp-setup-title" className="account-security__subtitle">
        {t('accountSecurity.setupTitle')}
      </Typography.Title>
      <ol className="account-security__steps">
        <li>
          <Typography.Paragraph>{t('accountSecurity.step1')}</Typography.Paragraph>
          <div className="account-security__qr">
            <QRCode
              value={enrolment.otpauthUrl}
              type="canvas"
              // antd passes ARIA attributes to the canvas, which has role="img".
              aria-label={t('accountSecurity.qrLabel')}
              size={184}
              bordered={false}
              color="#000000"
              bgColor="#ffffff"
            />
          </div>
          <Typography.Paragraph className="account-security__key">
            {t('accountSecurity.manualKey')}{' '}
            <Typography.Text code copyable={{ text: enrolment.secret }} dir="ltr" data-testid="totp-secret">
              {grouped(enrolment.secret)}
            </Typography.Text>
          </Typography.Paragraph>
        </li>
        <li>
          <Typography.Paragraph>{t('accountSecurity.step2')}</Typography.Paragraph>
          {otherError ? <Alert type="error" showIcon className="form-alert" title={otherError} role="alert" /> : null}
          <Form form={form} layout="vertical" onFinish={onFinish} disabled={confirm.isPending} requiredMark={false}>
            <Form.Item
              label={t('accountSecurity.code')}
              name="code"
              rules={[
                {
                  validator: (_rule, value: string | undefined) =>
                    totpCodeSchema.safeParse(value ?? '').success
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('accountSecurity.codeFormat'))),
                },
              ]}
            >
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                className="account-security__code-input"
                dir="ltr"
              />
            </Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                {t('accountSecurity.confirm')}
              </Button>
              <Button onClick={onCancel}>{t('data.cancel')}</Button>
            </Flex>
          </Form>
        </li>
      </ol>
    </section>
  );
}
