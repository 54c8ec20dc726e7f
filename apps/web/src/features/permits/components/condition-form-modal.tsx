import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { SCHEDULE_MODES, TASK_CATEGORIES, TASK_FREQUENCIES, WEEKEND_SHIFTS } from '@rtms/shared/enums';
import type { PermitCondition } from '@rtms/shared/schemas/permits';
import type { RequirementPreview } from '@rtms/shared/schemas/requirements';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { DateField } from '../../../components/data/date-field';
import { SchemaField, SchemaFields, SchemaItem } from '../../../components/data/schema-field';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { errorText } from '../../../components/data/use-row-action';
import { previewRequirement } from '../../requirements/api/preview-requirement';
import { RequirementPreviewDiff } from '../../../components/schedule-preview/requirement-preview-diff';
import { useCreateCondition, useUpdateCondition } from '../api/permits-api';
import {
  CONDITION_FIELDS as FIELDS,
  conditionFormSchema as formSchema,
  needsSchedulePreview,
  scheduleKey,
  scheduleOf,
  type ConditionFormBody as FormBody,
  type ConditionFormValues as Values,
} from './condition-schedule';

/**
 * Add or edit a condition: a standing one (text only) or one with a schedule, whose requirement makes its tasks.
 * Editing the schedule of a condition that has one goes through the same preview as a requirement edit (the
 * tasks it adds, moves and removes): Save stays off until the schedule now in the form was previewed.
 */
export function ConditionFormModal({
  permitId,
  condition,
  open,
  onClose,
}: {
  permitId: string;
  condition: PermitCondition | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const create = useCreateCondition(permitId);
  const update = useUpdateCondition(permitId);
  const editing = Boolean(condition);
  const [shown, setShown] = useState<{ key: string | null; preview: RequirementPreview } | null>(null);
  const [previewError, setPreviewError] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const state = useMutationForm({
    open,
    record: condition,
    valuesOf: (): Values =>
      condition
        ? {
            reference: condition.reference,
            text: condition.text,
            scheduled: Boolean(condition.schedule),
            ...(condition.schedule ?? { scheduleMode: 'CALENDAR', weekendShift: 'NONE' }),
          }
        : { scheduled: true, scheduleMode: 'CALENDAR', weekendShift: 'NONE' },
    schema: formSchema,
    mutation: {
      isPending: create.isPending || update.isPending,
      mutate: (body: FormBody, callbacks) => {
        const payload = { reference: body.reference, text: body.text, schedule: scheduleOf(body) };
        if (condition) update.mutate({ id: condition._id, body: payload }, callbacks);
        else create.mutate(payload, callbacks);
      },
    },
    fields: FIELDS,
    savedMessage: () => t(editing ? 'permits.conditionSaved' : 'permits.conditionCreated'),
    onSaved: () => {
      setShown(null);
      onClose();
    },
  });
  const watched = (Form.useWatch([], state.form) ?? {}) as Values;
  const { scheduled, scheduleMode } = watched;
  // A preview counts only for the schedule it was taken for: any later change of a schedule field needs another.
  const current = shown && shown.key === scheduleKey(watched) ? shown.preview : null;
  const previewNeeded = needsSchedulePreview(condition, watched) && !current;
  const labels: Record<string, string> = {
    reference: t('permits.conditionReference'),
    text: t('permits.conditionText'),
    scheduled: t('permits.conditionScheduled'),
    frequency: t('requirement.frequency'),
    scheduleMode: t('requirement.scheduleMode'),
    firstDueDate: t('requirement.firstDueDate'),
    weekendShift: t('requirement.weekendShift'),
    periodDueDays: t('requirement.periodDueDays'),
    periodDueDayOfMonth: t('requirement.periodDueDayOfMonth'),
    category: t('requirement.category'),
    evidenceRequired: t('requirement.evidenceRequired'),
  };
  const input = (values: Values) => Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? undefined]));

  const showPreview = async () => {
    setPreviewError(undefined);
    const values = state.form.getFieldsValue();
    const parsed = formSchema.safeParse(input(values));
    const schedule = parsed.success ? scheduleOf(parsed.data) : null;
    if (!condition?.requirementId) return;
    if (!schedule) {
      setShown(null);
      setPreviewError(t('permits.fixForm'));
      return;
    }
    setPreviewing(true);
    try {
      const { data } = await previewRequirement({ requirementId: condition.requirementId, ...schedule });
      setShown({ key: scheduleKey(values as Values), preview: data });
    } catch (error) {
      setShown(null);
      setPreviewError(errorText(error));
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <FormModal<Values>
      open={open}
      state={state}
      title={t(editing ? 'permits.editCondition' : 'permits.addCondition')}
      okText={editing ? t('data.save') : t('permits.addCondition')}
      okDisabled={previewNeeded || previewing}
      onClose={() => {
        setShown(null);
        onClose();
      }}
      onFinish={(values) => state.submit(input(values), labels, (body) => body)}
      width={720}
    >
      <SchemaFields rules={state.rules} labels={labels}>
        <SchemaItem name="reference" required extra={t('permits.conditionReferenceHelp')}>
          <Input autoComplete="off" />
        </SchemaItem>
        <SchemaItem name="text" required>
          <Input.TextArea rows={3} />
        </SchemaItem>
        <SchemaItem name="scheduled" valuePropName="checked" extra={t('permits.conditionScheduledHelp')}>
          <Switch />
        </SchemaItem>
        {scheduled ? (
          <Row gutter={16}>
            <SchemaField name="frequency" required>
              <Select options={TASK_FREQUENCIES.map((value) => ({ value, label: t(`frequency.${value}`) }))} />
            </SchemaField>
            <SchemaField name="scheduleMode">
              <Select options={SCHEDULE_MODES.map((value) => ({ value, label: t(`scheduleMode.${value}`) }))} />
            </SchemaField>
            <SchemaField name="firstDueDate" required>
              <DateField className="input-full" />
            </SchemaField>
            <SchemaField name="weekendShift" extra={t('requirement.weekendShiftHelp')}>
              <Select options={WEEKEND_SHIFTS.map((value) => ({ value, label: t(`weekendShift.${value}`) }))} />
            </SchemaField>
            {scheduleMode === 'PERIOD_END' ? (
              <>
                <SchemaField name="periodDueDays">
                  <InputNumber className="input-full" min={0} precision={0} />
                </SchemaField>
                <SchemaField name="periodDueDayOfMonth">
                  <InputNumber className="input-full" min={1} max={31} precision={0} />
                </SchemaField>
              </>
            ) : null}
            <SchemaField name="category" required>
              <Select options={TASK_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))} />
            </SchemaField>
            <SchemaField name="evidenceRequired" valuePropName="checked">
              <Switch />
            </SchemaField>
            {condition?.requirementId ? (
              <Col span={24}>
                <Flex vertical gap={8} align="flex-start">
                  <Button onClick={() => void showPreview()} loading={previewing}>
                    {t('permits.showPreview')}
                  </Button>
                  {previewNeeded ? (
                    <Typography.Text type="secondary">{t('permits.conditionPreviewNeeded')}</Typography.Text>
                  ) : null}
                </Flex>
              </Col>
            ) : null}
          </Row>
        ) : null}
      </SchemaFields>
      {previewError ? <Alert type="error" showIcon role="alert" className="permit-alert" title={previewError} /> : null}
      {current && scheduled ? (
        <div className="permit-condition-preview">
          <RequirementPreviewDiff preview={current} />
        </div>
      ) : null}
    </FormModal>
  );
}
