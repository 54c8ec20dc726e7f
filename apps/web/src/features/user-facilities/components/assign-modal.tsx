import { Form, Typography } from 'antd';
import { bulkUserFacilitiesBodySchema } from '@rtms/shared/schemas/user-facilities';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { useMutationForm } from '../../../components/data/use-mutation-form';
import { useBulkUserFacilities } from '../api/bulk-user-facilities';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { RemoteSelect } from '../../../components/data/remote-select';
import { userOptions } from '../../users/api/list-users';

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
  const state = useMutationForm({
    open,
    schema: bulkUserFacilitiesBodySchema,
    mutation: useBulkUserFacilities(),
    fields: ['userIds', 'facilityIds'],
    savedMessage: ({ data }) =>
      t('userFacilities.assignedResult', { changed: data.changed, unchanged: data.unchanged }),
    onSaved: onClose,
  });
  const labels = { userIds: t('userFacilities.users'), facilityIds: t('userFacilities.facilities') };

  const onFinish = (values: Values) =>
    state.submit(
      {
        action: 'assign',
        userIds: target.user ? [target.user._id] : (values.userIds ?? []),
        facilityIds: target.facility ? [target.facility._id] : (values.facilityIds ?? []),
      },
      labels,
      (body) => body,
    );

  const title = target.user
    ? t('userFacilities.assignFacilitiesTo', { name: target.user.label })
    : target.facility
      ? t('userFacilities.assignUsersTo', { name: target.facility.label })
      : t('userFacilities.assignTitle');

  return (
    <FormModal<Values>
      open={open}
      state={state}
      title={title}
      okText={t('userFacilities.assign')}
      requiredMark
      onClose={onClose}
      onFinish={onFinish}
    >
      <Typography.Paragraph type="secondary">{t('userFacilities.assignNote')}</Typography.Paragraph>
      {!target.user ? (
        <Form.Item label={labels.userIds} name="userIds" rules={state.rules('userIds', labels.userIds)}>
          <RemoteSelect mode="multiple" {...userOptions} label={labels.userIds} />
        </Form.Item>
      ) : null}
      {!target.facility ? (
        <Form.Item label={labels.facilityIds} name="facilityIds" rules={state.rules('facilityIds', labels.facilityIds)}>
          <RemoteSelect mode="multiple" {...facilityOptions} label={labels.facilityIds} />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
