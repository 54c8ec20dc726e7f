import { useEffect, useState } from 'react';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { bulkUserFacilitiesBodySchema } from '@rtms/shared/schemas/user-facilities';
import { useT } from '../../../lib/i18n/use-t';
import { RemoteSelect } from '../../../components/data/remote-select';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { fetchFacilityOptions } from '../../facilities/api/list-facilities';
import { fetchUserOptions } from '../../users/api/list-users';
import { useBulkUserFacilities } from './bulk-user-facilities';

interface Values {
  userIds?: string[];
  facilityIds?: string[];
}

export interface AssignTarget {
  /** Assign facilities to this user (the user side is fixed). */
  user?: { _id: string; label: string };
  /** Assign users to this facility (the facility side is fixed). */
  facility?: { _id: string; label: string };
}

/**
 * Assigns users to facilities in one call: many facilities to one user, many users to one facility,
 * or many of both. Pairs already assigned are left alone and counted.
 */
export function AssignModal({ open, target, onClose }: { open: boolean; target: AssignTarget; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const bulk = useBulkUserFacilities();
  const schemaForm = useSchemaForm(bulkUserFacilitiesBodySchema);
  const labels = { userIds: t('userFacilities.users'), facilityIds: t('userFacilities.facilities') };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
  }, [open, form]);

  const onFinish = (values: Values) => {
    setFormError(undefined);
    const body = schemaForm.parse(
      form,
      {
        action: 'assign',
        userIds: target.user ? [target.user._id] : (values.userIds ?? []),
        facilityIds: target.facility ? [target.facility._id] : (values.facilityIds ?? []),
      },
      labels,
    );
    if (!body) return;
    bulk.mutate(body, {
      onSuccess: ({ data }) => {
        void message.success(t('userFacilities.assignedResult', { changed: data.changed, unchanged: data.unchanged }));
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(form, error, ['userIds', 'facilityIds'], t)),
    });
  };

  const title = target.user
    ? t('userFacilities.assignFacilitiesTo', { name: target.user.label })
    : target.facility
      ? t('userFacilities.assignUsersTo', { name: target.facility.label })
      : t('userFacilities.assignTitle');

  return (
    <Modal
      open={open}
      title={title}
      okText={t('userFacilities.assign')}
      cancelText={t('data.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: bulk.isPending }}
      cancelButtonProps={{ disabled: bulk.isPending }}
      destroyOnHidden
      afterClose={() => setFormError(undefined)}
      forceRender
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Typography.Paragraph type="secondary">{t('userFacilities.assignNote')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={bulk.isPending}>
        {!target.user ? (
          <Form.Item label={labels.userIds} name="userIds" rules={schemaForm.rules('userIds', labels.userIds)}>
            <RemoteSelect
              mode="multiple"
              label={labels.userIds}
              queryKey={['users', 'options']}
              fetchOptions={fetchUserOptions}
            />
          </Form.Item>
        ) : null}
        {!target.facility ? (
          <Form.Item
            label={labels.facilityIds}
            name="facilityIds"
            rules={schemaForm.rules('facilityIds', labels.facilityIds)}
          >
            <RemoteSelect
              mode="multiple"
              label={labels.facilityIds}
              queryKey={['facilities', 'options']}
              fetchOptions={fetchFacilityOptions}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
