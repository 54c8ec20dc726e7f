import { useEffect, useRef, useState } from 'react';
import { Alert, Flex, Form, Modal, Result, Spin, Typography } from 'antd';
import type { HandOverResult } from '@rtms/shared/schemas/tasks';
import type { User } from '@rtms/shared/schemas/users';
import { useT } from '../../../lib/i18n/use-t';
import { RemoteSelect } from '../../../components/data/remote-select';
import { applyServerErrors } from '../../../components/data/zod-form';
import { listUsers, userLabel } from '../../users/api/list-users';
import { HandOverCounts } from './hand-over-counts';
import { useHandOverPreview } from '../api/hand-over-preview';
import { useHandOver } from '../api/hand-over';

type Step = 'choose' | 'confirm' | 'done';

/**
 * Hand-over of a departing user's work: choose who takes it, confirm, and see what moved (open tasks,
 * requirement default assignments, facility assignments).
 */
export function HandOverModal({ open, user, onClose }: { open: boolean; user: User | null; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ toUserId?: string }>();
  const [step, setStep] = useState<Step>('choose');
  const [target, setTarget] = useState<{ value: string; label: string } | null>(null);
  const [result, setResult] = useState<HandOverResult | null>(null);
  const [formError, setFormError] = useState<string>();
  const handOver = useHandOver();
  // The counts the confirmation shows: what will move, asked when the confirmation opens.
  const preview = useHandOverPreview(user?._id, open && step === 'confirm');
  const from = user ? user.name.trim() || user.email : '';
  /** Names of the users the picker offered, to name the recipient without their email. */
  const names = useRef(new Map<string, string>());
  const label = t('handOver.to');

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const reset = () => {
    setStep('choose');
    setTarget(null);
    setResult(null);
    setFormError(undefined);
  };

  const submit = () => {
    if (!user) return;
    if (step === 'choose') {
      void form.validateFields().then(() => setStep('confirm'));
      return;
    }
    if (step === 'confirm' && target) {
      setFormError(undefined);
      handOver.mutate(
        { fromUserId: user._id, toUserId: target.value },
        {
          onSuccess: ({ data }) => {
            setResult(data);
            setStep('done');
          },
          onError: (error) => {
            setStep('choose');
            setFormError(applyServerErrors(form, error, ['toUserId'], t));
          },
        },
      );
      return;
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('handOver.title', { name: from })}
      okText={step === 'choose' ? t('handOver.next') : step === 'confirm' ? t('handOver.confirm') : t('handOver.close')}
      cancelText={step === 'confirm' ? t('handOver.back') : t('data.cancel')}
      onOk={submit}
      onCancel={() => (step === 'confirm' && !handOver.isPending ? setStep('choose') : onClose())}
      okButtonProps={{ loading: handOver.isPending, danger: step === 'confirm' }}
      cancelButtonProps={{ disabled: handOver.isPending, className: step === 'done' ? 'visually-hidden' : undefined }}
      mask={{ closable: !handOver.isPending }}
      afterClose={reset}
      destroyOnHidden
      forceRender
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      {step === 'done' && result ? (
        <Result
          status="success"
          title={t('handOver.doneTitle', { to: target?.label ?? '' })}
          subTitle={t('handOver.doneBody')}
          extra={<HandOverCounts counts={result} />}
        />
      ) : (
        <>
          <Typography.Paragraph>{t('handOver.intro', { name: from })}</Typography.Paragraph>
          <Form form={form} layout="vertical" requiredMark={false} hidden={step === 'confirm'}>
            <Form.Item
              label={label}
              name="toUserId"
              rules={[{ required: true, message: t('handOver.chooseUser') }]}
              extra={t('handOver.toHelp')}
            >
              <RemoteSelect
                label={label}
                placeholder={t('handOver.chooseUser')}
                queryKey={['users', 'hand-over-options', user?._id ?? '']}
                fetchOptions={async (search) => {
                  // Only people who may see the user's facilities (the server refuses anyone else).
                  const page = await listUsers({
                    search: search || undefined,
                    active: 'true',
                    pageSize: 50,
                    sort: 'name',
                    assignableTo: user?.facilityIds.length ? [...user.facilityIds].sort().join(',') : undefined,
                  });
                  const candidates = page.data.filter((candidate) => candidate._id !== user?._id);
                  for (const candidate of candidates) {
                    names.current.set(candidate._id, candidate.name.trim() || candidate.email);
                  }
                  return candidates.map((candidate) => ({ value: candidate._id, label: userLabel(candidate) }));
                }}
                onSelect={(value, option) => {
                  const optionLabel = (option as { label?: unknown } | undefined)?.label;
                  const id = String(value);
                  setTarget({
                    value: id,
                    label: names.current.get(id) ?? (typeof optionLabel === 'string' ? optionLabel : id),
                  });
                }}
              />
            </Form.Item>
          </Form>
          {step === 'confirm' ? (
            <Alert
              type="warning"
              showIcon
              title={t('handOver.confirmTitle', { from, to: target?.label ?? '' })}
              description={
                <Flex vertical gap={8}>
                  {t('handOver.confirmBody')}
                  {preview.data ? (
                    <HandOverCounts counts={preview.data.data} />
                  ) : preview.isError ? (
                    <Typography.Text type="danger">{preview.error.message}</Typography.Text>
                  ) : (
                    <Spin size="small" aria-label={t('app.loading')} />
                  )}
                </Flex>
              }
            />
          ) : null}
        </>
      )}
    </Modal>
  );
}
