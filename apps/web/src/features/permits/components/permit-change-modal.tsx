import { useState, type ComponentProps, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Input, List, Tag, Typography } from 'antd';
import {
  newPermitVersionBodySchema,
  terminatePermitBodySchema,
  type PermitChangePreview,
  type PermitDetail,
} from '@rtms/shared/schemas/permits';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { expiryNotBeforeEffective } from './expiry-rule';
import { errorText } from '../../../components/data/use-row-action';
import { FormModal } from '../../../components/data/form-modal';
import type { FormState } from '../../../components/data/form-state';
import { DateField } from '../../../components/data/date-field';
import { SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { useFormatters } from '../../../components/data/use-formatters';
import { previewTermination, previewVersion, useNewVersion, useTerminatePermit } from '../api/permits-api';

export type PermitChange = 'version' | 'terminate';

interface Values {
  effectiveOn?: string | null;
  expiresOn?: string | null;
  number?: string;
  issuedOn?: string | null;
  terminatedOn?: string | null;
  reason?: string;
}

const VERSION_FIELDS = ['effectiveOn', 'expiresOn', 'number', 'issuedOn'] as const;
const TERMINATE_FIELDS = ['terminatedOn', 'reason'] as const;

/** A new version or a termination: the form, then its preview (what is added and what becomes not applicable), then the save. */
export function PermitChangeModal({
  permit,
  change,
  onClose,
}: {
  permit: PermitDetail;
  change: PermitChange | null;
  onClose: () => void;
}) {
  return change === 'terminate' ? (
    <TerminateModal permit={permit} onClose={onClose} />
  ) : change === 'version' ? (
    <VersionModal permit={permit} onClose={onClose} />
  ) : null;
}

function VersionModal({ permit, onClose }: { permit: PermitDetail; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const state = useMutationForm({
    open: true,
    valuesOf: (): Values => ({ number: permit.number }),
    schema: newPermitVersionBodySchema,
    mutation: useNewVersion(),
    fields: VERSION_FIELDS,
    savedMessage: ({ data }) => t('permits.versionCreated', { version: data.version }),
    onSaved: ({ data }) => {
      onClose();
      void navigate(`/permits/${data._id}`);
    },
  });
  const labels = {
    effectiveOn: t('permits.effectiveOn'),
    expiresOn: t('permits.expiresOn'),
    number: t('permits.number'),
    issuedOn: t('permits.issuedOn'),
  };
  const bodyOf = (values: Values) =>
    Object.fromEntries(VERSION_FIELDS.map((field) => [field, values[field] ?? undefined]));
  return (
    <PreviewedModal
      title={t('permits.newVersionTitle', { number: permit.number, version: permit.version + 1 })}
      intro={t('permits.newVersionIntro')}
      okText={t('permits.createVersion')}
      state={state}
      labels={labels}
      preview={(values) => {
        const body = newPermitVersionBodySchema.safeParse(bodyOf(values));
        return body.success ? previewVersion(permit._id, body.data) : Promise.reject(new Error(t('permits.fixForm')));
      }}
      onFinish={(values) => state.submit(bodyOf(values), labels, (body) => ({ id: permit._id, body }))}
      onClose={onClose}
    >
      <SchemaItem name="effectiveOn" required>
        <DateField className="input-full" />
      </SchemaItem>
      <SchemaItem
        name="expiresOn"
        extra={t('permits.expiresOnHelp')}
        messages={{ custom: t('permits.expiresOnInvalid') }}
        dependencies={['effectiveOn']}
        rules={[expiryNotBeforeEffective(t('permits.expiresOnInvalid'))]}
      >
        <DateField className="input-full" />
      </SchemaItem>
      <SchemaItem name="number">
        <Input autoComplete="off" />
      </SchemaItem>
      <SchemaItem name="issuedOn">
        <DateField className="input-full" />
      </SchemaItem>
    </PreviewedModal>
  );
}

function TerminateModal({ permit, onClose }: { permit: PermitDetail; onClose: () => void }) {
  const t = useT();
  const state = useMutationForm({
    open: true,
    schema: terminatePermitBodySchema,
    mutation: useTerminatePermit(),
    fields: TERMINATE_FIELDS,
    savedMessage: () => t('permits.terminated', { number: permit.number }),
    onSaved: onClose,
  });
  const labels = { terminatedOn: t('permits.terminatedOn'), reason: t('permits.terminationReason') };
  const bodyOf = (values: Values) =>
    Object.fromEntries(TERMINATE_FIELDS.map((field) => [field, values[field] ?? undefined]));
  return (
    <PreviewedModal
      title={t('permits.terminateTitle', { number: permit.number })}
      intro={t('permits.terminateIntro')}
      okText={t('permits.terminate')}
      okDanger
      state={state}
      labels={labels}
      preview={(values) => {
        const body = terminatePermitBodySchema.safeParse(bodyOf(values));
        return body.success
          ? previewTermination(permit._id, body.data)
          : Promise.reject(new Error(t('permits.fixForm')));
      }}
      onFinish={(values) => state.submit(bodyOf(values), labels, (body) => ({ id: permit._id, body }))}
      onClose={onClose}
    >
      <SchemaItem name="terminatedOn" required>
        <DateField className="input-full" />
      </SchemaItem>
      <SchemaItem name="reason" required>
        <Input.TextArea rows={3} />
      </SchemaItem>
    </PreviewedModal>
  );
}

/** The dialog both changes share: the save stays off until the current values were previewed. */
function PreviewedModal({
  title,
  intro,
  okText,
  okDanger,
  state,
  labels,
  preview,
  onFinish,
  onClose,
  children,
}: {
  title: string;
  intro: string;
  okText: string;
  okDanger?: boolean;
  state: FormState<Values> & { rules: ComponentProps<typeof SchemaFields>['rules'] };
  labels: Record<string, string>;
  preview: (values: Values) => Promise<{ data: PermitChangePreview }>;
  onFinish: (values: Values) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const [shown, setShown] = useState<{ key: string; preview: PermitChangePreview } | null>(null);
  // The save stays off until what is in the form now was previewed.
  const key = JSON.stringify(Form.useWatch([], state.form) ?? {});
  const current = shown?.key === key ? shown.preview : null;
  const [previewError, setPreviewError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const runPreview = async () => {
    setPreviewError(undefined);
    setLoading(true);
    try {
      const values = state.form.getFieldsValue();
      setShown({ key: JSON.stringify(values), preview: (await preview(values)).data });
    } catch (error) {
      setShown(null);
      setPreviewError(errorText(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <FormModal<Values>
      open
      state={state}
      title={title}
      intro={intro}
      okText={okText}
      okDanger={okDanger}
      okDisabled={!current}
      onClose={onClose}
      onFinish={onFinish}
      width={640}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        {children}
      </SchemaFields>
      <Button onClick={() => void runPreview()} loading={loading}>
        {t('permits.showPreview')}
      </Button>
      {previewError ? <Alert type="error" showIcon role="alert" className="permit-alert" title={previewError} /> : null}
      {current ? <PreviewList preview={current} /> : null}
    </FormModal>
  );
}

function PreviewList({ preview }: { preview: PermitChangePreview }) {
  const t = useT();
  const format = useFormatters();
  return (
    <Flex vertical gap={12} role="status" aria-label={t('permits.previewLabel')} className="permit-preview">
      <Flex gap={8} wrap>
        <Tag color="green">{t('permits.previewAdded', { count: preview.added.length })}</Tag>
        <Tag color="red">{t('permits.previewRemoved', { count: preview.removed.length })}</Tag>
        <Tag>{t('permits.previewKept', { count: preview.kept })}</Tag>
      </Flex>
      {preview.added.length ? (
        // A list taller than its box scrolls: focusable, so that keyboard users can scroll it too.
        <section className="permit-preview-list" tabIndex={0} aria-label={t('permits.previewAddedTitle')}>
          <List
            size="small"
            header={<Typography.Text strong>{t('permits.previewAddedTitle')}</Typography.Text>}
            dataSource={preview.added}
            renderItem={(item) => (
              <List.Item>
                {item.reference ? `${item.reference} · ` : ''}
                {item.text}
                {item.firstDueDate ? ` — ${format.date(item.firstDueDate)}` : ''}
              </List.Item>
            )}
          />
        </section>
      ) : null}
      {preview.removed.length ? (
        // A list taller than its box scrolls: focusable, so that keyboard users can scroll it too.
        <section className="permit-preview-list" tabIndex={0} aria-label={t('permits.previewRemovedTitle')}>
          <List
            size="small"
            header={<Typography.Text strong>{t('permits.previewRemovedTitle')}</Typography.Text>}
            dataSource={preview.removed}
            renderItem={(task) => (
              <List.Item>
                {task.title} — {format.date(task.dueDate)}
              </List.Item>
            )}
          />
        </section>
      ) : null}
    </Flex>
  );
}
