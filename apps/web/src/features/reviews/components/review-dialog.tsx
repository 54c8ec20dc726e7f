import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Radio } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import type { ReviewBody, SignatureDecision, SignatureMeaning } from '@rtms/shared/schemas/reviews';
import { useT } from '../../../lib/i18n/use-t';
import { usePublicConfig } from '../../../lib/public-config';
import { FormModal } from '../../../components/data/form-modal';
import { applyServerErrors } from '../../../components/data/zod-form';
import { errorText } from '../../../components/data/use-row-action';
import { useMfaStatus } from '../../account-security/api/mfa';
import { startSigningSignIn, useReviewTask } from '../api/reviews';

type Proof = 'password' | 'code' | 'sso';
interface Values {
  decision: SignatureDecision;
  meaning?: SignatureMeaning;
  proof: Proof;
  password?: string;
  code?: string;
  reason?: string;
}
const FIELDS = ['decision', 'meaning', 'password', 'code', 'reason', 'signingGrant'] as const;

/**
 * Review a completion awaiting review: approve (an electronic signature: a meaning, and the password, a code of
 * the second factor or a fresh single sign-on) or reject with a reason. `signingGrant` is the one-time grant the
 * provider's sign-in came back with (the dialog then signs with it).
 */
export function ReviewDialog({
  taskId,
  open,
  signingGrant,
  onClose,
}: {
  taskId: string;
  open: boolean;
  signingGrant?: string;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const review = useReviewTask(taskId);
  const [formError, setFormError] = useState<string>();
  const sso = usePublicConfig().sso;
  const mfa = useMfaStatus();
  const decision = Form.useWatch('decision', form);
  const proof = Form.useWatch('proof', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      decision: 'APPROVE',
      meaning: 'APPROVED',
      proof: signingGrant ? 'sso' : mfa.data?.enabled ? 'code' : 'password',
    });
  }, [open, form, signingGrant, mfa.data?.enabled]);

  const close = () => {
    setFormError(undefined);
    onClose();
  };

  const submit = (values: Values) => {
    setFormError(undefined);
    const body: ReviewBody =
      values.decision === 'REJECT'
        ? { decision: 'REJECT', reason: values.reason }
        : {
            decision: 'APPROVE',
            meaning: values.meaning,
            ...(values.reason ? { reason: values.reason } : {}),
            ...(values.proof === 'password' ? { password: values.password ?? '' } : {}),
            ...(values.proof === 'code' ? { code: values.code ?? '' } : {}),
            ...(values.proof === 'sso' ? { signingGrant: signingGrant ?? '' } : {}),
          };
    review.mutate(body, {
      onSuccess: () => {
        void message.success(values.decision === 'APPROVE' ? t('review.signed') : t('review.rejectedDone'));
        close();
      },
      onError: (error) => setFormError(applyServerErrors(form, error, FIELDS, t)),
    });
  };

  const signInAgain = () => {
    startSigningSignIn(`/tasks/${taskId}`).then(
      (url) => window.location.assign(url),
      (error: unknown) => setFormError(errorText(error)),
    );
  };

  return (
    <FormModal<Values>
      open={open}
      state={{ form, saving: review.isPending, formError, clearFormError: () => setFormError(undefined) }}
      title={t('review.dialogTitle')}
      okText={decision === 'REJECT' ? t('review.decision.REJECT') : t('review.decision.APPROVE')}
      okDanger={decision === 'REJECT'}
      okDisabled={decision === 'APPROVE' && proof === 'sso' && !signingGrant}
      onClose={close}
      onFinish={submit}
      intro={t('review.intro')}
      requiredMark
    >
      <Form.Item name="decision" label={t('review.decisionLabel')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'APPROVE', label: t('review.decision.APPROVE') },
            { value: 'REJECT', label: t('review.decision.REJECT') },
          ]}
        />
      </Form.Item>
      {decision === 'REJECT' ? (
        <Form.Item
          name="reason"
          label={t('review.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.required', { field: t('review.reason') }) }]}
        >
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="meaning" label={t('review.meaningLabel')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'REVIEWED', label: t('review.meaning.REVIEWED') },
                { value: 'APPROVED', label: t('review.meaning.APPROVED') },
              ]}
            />
          </Form.Item>
          <Form.Item name="proof" label={t('review.proofChoice')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'password', label: t('review.proof.password') },
                { value: 'code', label: t('review.proof.code') },
                ...(sso ? [{ value: 'sso', label: t('review.proof.sso') }] : []),
              ]}
            />
          </Form.Item>
          {proof === 'password' ? (
            <Form.Item
              name="password"
              label={t('review.password')}
              rules={[{ required: true, message: t('form.required', { field: t('review.password') }) }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          ) : null}
          {proof === 'code' ? (
            <Form.Item
              name="code"
              label={t('review.code')}
              rules={[{ required: true, message: t('form.required', { field: t('review.code') }) }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={32} />
            </Form.Item>
          ) : null}
          {proof === 'sso' ? (
            signingGrant ? (
              <Alert type="success" showIcon title={t('review.ssoReady')} />
            ) : (
              <Button icon={<LoginOutlined />} onClick={signInAgain}>
                {t('review.ssoSign')}
              </Button>
            )
          ) : null}
        </>
      )}
    </FormModal>
  );
}
