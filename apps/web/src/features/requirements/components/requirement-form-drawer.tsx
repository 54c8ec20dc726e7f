import { useEffect, useRef, useState } from 'react';
import { App, Divider, Form, Modal, Typography } from 'antd';
import {
  createRequirementBodySchema,
  updateRequirementBodySchema,
  type CreateRequirementBody,
  type RequirementDetail,
  type RequirementPreview,
  type UpdateRequirementBody,
} from '@rtms/shared/schemas/requirements';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { FormDrawer } from '../../../components/data/form-drawer';
import { SchemaFields } from '../../../components/data/schema-field';
import { useFormatters } from '../../../components/data/use-formatters';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useCreateRequirement, type RequirementSaved } from '../api/create-requirement';
import { usePreviewRequirement } from '../api/preview-requirement';
import { useUpdateRequirement } from '../api/update-requirement';
import { RequirementFacilitiesField } from './requirement-facilities-field';
import {
  REQUIREMENT_FIELDS,
  initialRequirementValues,
  requirementBodyFrom,
  windowDefaultsFor,
  windowsSetByHand,
  type BindingValues,
  type RequirementField,
  type RequirementFormValues,
} from './requirement-form-values';
import { RequirementObligationSection } from './requirement-form-obligation';
import { RequirementScheduleSection } from './requirement-form-schedule';
import {
  RequirementEvidenceSection,
  RequirementOnboardingSection,
  RequirementTermSection,
} from './requirement-form-term';
import { ReminderPolicyFields } from './reminder-policy-fields';
import { RequirementPreviewDiff } from '../../../components/schedule-preview/requirement-preview-diff';
import './requirements.css';

type Body = CreateRequirementBody | UpdateRequirementBody;

/**
 * Create or edit a requirement, validated with the server's schema. Saving first shows the preview of
 * the tasks the save adds, moves and removes (POST /api/requirements/preview); the save happens on
 * confirmation. Lead time and grace follow the frequency's defaults unless set by hand.
 */
export function RequirementFormDrawer({
  open,
  requirement,
  onClose,
  onSaved,
}: {
  open: boolean;
  requirement?: RequirementDetail;
  onClose: () => void;
  onSaved?: (saved: RequirementSaved) => void;
}) {
  const t = useT();
  const format = useFormatters();
  const { message } = App.useApp();
  const [form] = Form.useForm<RequirementFormValues>();
  const [formError, setFormError] = useState<string>();
  const [review, setReview] = useState<{ body: Body; preview: RequirementPreview } | null>(null);
  const setByHand = useRef({ lead: false, grace: false });
  const preview = usePreviewRequirement();
  const create = useCreateRequirement();
  const update = useUpdateRequirement();
  const createForm = useSchemaForm(createRequirementBodySchema);
  const updateForm = useSchemaForm(updateRequirementBodySchema);
  const isEdit = Boolean(requirement);
  // Per-field rules and required marks from the create schema (what a requirement must have); an edit
  // is parsed with the update schema on submit.
  const rules = createForm.rules;
  const saving = create.isPending || update.isPending;
  const busy = saving || preview.isPending;
  const frequency = Form.useWatch('frequency', form);

  const labels: Record<RequirementField, string> = {
    title: t('requirement.title'),
    description: t('requirement.description'),
    regulationId: t('requirement.regulation'),
    citation: t('requirement.citation'),
    programAreaId: t('requirement.programArea'),
    category: t('requirement.category'),
    frequency: t('requirement.frequency'),
    scheduleMode: t('requirement.scheduleMode'),
    firstDueDate: t('requirement.firstDueDate'),
    weekendShift: t('requirement.weekendShift'),
    periodDueDays: t('requirement.periodDueDays'),
    periodDueDayOfMonth: t('requirement.periodDueDayOfMonth'),
    periodStartMonth: t('requirement.periodStartMonth'),
    leadTimeDays: t('requirement.leadTimeDays'),
    graceDays: t('requirement.graceDays'),
    evidenceRequired: t('requirement.evidenceRequired'),
    minEvidence: t('requirement.minEvidence'),
    reviewRequired: t('review.reviewRequired'),
    permitNumber: t('requirement.permitNumber'),
    activeFrom: t('requirement.activeFrom'),
    activeUntil: t('requirement.activeUntil'),
    defaultAssigneeId: t('requirement.defaultAssignee'),
    facilities: t('requirement.facilities'),
    backfillFrom: t('requirement.backfillFrom'),
    reminderFirstBeforeDays: t('reminders.firstBefore'),
    reminderSecondBeforeDays: t('reminders.secondBefore'),
    escalateFacilityAfterDays: t('reminders.escalateFacility'),
    escalateAllAfterDays: t('reminders.escalateAll'),
  };

  useEffect(() => {
    if (!open) return;
    const values = initialRequirementValues(requirement);
    form.resetFields();
    form.setFieldsValue(values);
    setByHand.current = windowsSetByHand(values.frequency, values.leadTimeDays, values.graceDays);
  }, [open, requirement, form]);

  const onValuesChange = (changed: Partial<RequirementFormValues>) => {
    if ('leadTimeDays' in changed) setByHand.current.lead = true;
    if ('graceDays' in changed) setByHand.current.grace = true;
    if (changed.frequency) form.setFieldsValue(windowDefaultsFor(changed.frequency, setByHand.current));
  };

  const restoreDefaults = () => {
    if (!frequency) return;
    setByHand.current = { lead: false, grace: false };
    form.setFieldsValue(windowDefaultsFor(frequency, setByHand.current));
  };

  /** Server errors: a binding's field lands on that binding; the rest on their fields or above the form. */
  const showError = (error: unknown) => {
    if (error instanceof ApiError) {
      const nested = error.fieldErrors.filter((detail) => /^facilities\.\d+\./.test(detail.path));
      if (nested.length) {
        form.setFields(
          nested.map((detail) => {
            const [, index, field] = detail.path.split('.');
            const name = ['facilities', Number(index), (field ?? 'facilityId') as keyof BindingValues] as const;
            return { name: [...name], errors: [detail.message] };
          }),
        );
      }
    }
    setFormError(
      applyServerErrors(
        form,
        error,
        REQUIREMENT_FIELDS.filter((field) => field !== 'facilities'),
        t,
      ),
    );
  };

  const onFinish = () => {
    setFormError(undefined);
    const values = form.getFieldsValue(true) as RequirementFormValues;
    const input = requirementBodyFrom(values);
    const body = isEdit ? updateForm.parse(form, input, labels) : createForm.parse(form, input, labels);
    if (!body) return;
    preview.mutate(
      { ...(body as UpdateRequirementBody), ...(requirement ? { requirementId: requirement._id } : {}) },
      { onSuccess: ({ data }) => setReview({ body, preview: data }), onError: showError },
    );
  };

  const save = () => {
    if (!review) return;
    const onSuccess = (saved: RequirementSaved) => {
      const { added, moved, removed } = saved.meta.tasks;
      void message.success(
        t(isEdit ? 'requirement.saved' : 'requirement.created', {
          title: saved.data.title,
          added: format.number(added),
          moved: format.number(moved),
          removed: format.number(removed),
        }),
      );
      setReview(null);
      onClose();
      onSaved?.(saved);
    };
    const onError = (error: unknown) => {
      setReview(null);
      showError(error);
    };
    if (requirement)
      update.mutate({ id: requirement._id, body: review.body as UpdateRequirementBody }, { onSuccess, onError });
    else create.mutate(review.body as CreateRequirementBody, { onSuccess, onError });
  };

  const knownAssignees = [
    ...(requirement?.defaultAssigneeId
      ? [
          {
            value: requirement.defaultAssigneeId,
            label: requirement.defaultAssigneeName ?? requirement.defaultAssigneeId,
          },
        ]
      : []),
    ...(requirement?.facilities ?? []).flatMap((binding) =>
      binding.assigneeId ? [{ value: binding.assigneeId, label: binding.assigneeName ?? binding.assigneeId }] : [],
    ),
  ];

  return (
    <>
      <FormDrawer<RequirementFormValues>
        open={open}
        state={{ form, saving, formError, clearFormError: () => setFormError(undefined) }}
        title={isEdit ? t('requirement.editTitle', { title: requirement?.title ?? '' }) : t('requirement.createTitle')}
        busy={busy}
        onClose={onClose}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        submit={{ text: t('requirement.reviewChanges'), loading: preview.isPending, disabled: saving }}
      >
        <SchemaFields rules={rules} labels={labels}>
          <RequirementObligationSection requirement={requirement} />
          <RequirementScheduleSection form={form} onRestoreDefaults={restoreDefaults} />
          <ReminderPolicyFields />
          <RequirementEvidenceSection />
          <RequirementTermSection knownAssignees={knownAssignees} />
          <Divider titlePlacement="start">{t('requirement.facilities')}</Divider>
          <Typography.Paragraph type="secondary">{t('requirement.facilitiesHelp')}</Typography.Paragraph>
          <RequirementFacilitiesField form={form} knownAssignees={knownAssignees} />
          <RequirementOnboardingSection />
        </SchemaFields>
      </FormDrawer>
      <Modal
        open={Boolean(review)}
        width={760}
        title={isEdit ? t('preview.titleEdit') : t('preview.titleCreate')}
        okText={isEdit ? t('data.save') : t('requirement.create')}
        cancelText={t('preview.back')}
        onOk={save}
        onCancel={() => setReview(null)}
        okButtonProps={{ loading: saving }}
        cancelButtonProps={{ disabled: saving }}
        mask={{ closable: !saving }}
        destroyOnHidden
      >
        <Typography.Paragraph>{isEdit ? t('preview.introEdit') : t('preview.introCreate')}</Typography.Paragraph>
        {review ? <RequirementPreviewDiff preview={review.preview} /> : null}
      </Modal>
    </>
  );
}
