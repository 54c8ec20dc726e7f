import { useEffect, useState } from 'react';
import { App, Checkbox, Form, Input, Radio, Select } from 'antd';
import { can } from '@rtms/shared/permissions';
import type { Role } from '@rtms/shared/enums';
import { createUserBodySchema, updateUserBodySchema, type User } from '@rtms/shared/schemas/users';
import { useCurrentUser } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/use-t';
import { FormModal } from '../../../components/data/form-modal';
import { applyServerErrors, useSchemaForm } from '../../../components/data/zod-form';
import { useNewPasswordRule } from '../../../lib/auth/new-password-rule';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { assignableRoles, userActionsFor } from './user-permissions';
import { facilityOptions } from '../../facilities/api/list-facilities';
import { RemoteSelect } from '../../../components/data/remote-select';

interface Values {
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: Role;
  facilityIds?: string[];
  passwordMode?: 'generate' | 'set';
  password?: string;
  mustChangePassword?: boolean;
}

const FIELDS = ['email', 'firstName', 'lastName', 'role', 'facilityIds', 'password', 'mustChangePassword'] as const;

/**
 * Create a user (with a generated or an initial password) or edit one (names, email, role — each only
 * where the signed-in user may). A generated password is handed to `onTemporaryPassword` to show once.
 */
export function UserFormModal({
  open,
  user,
  onClose,
  onTemporaryPassword,
}: {
  open: boolean;
  /** The user to edit; undefined to create one. */
  user?: User;
  onClose: () => void;
  onTemporaryPassword: (email: string, password: string) => void;
}) {
  const t = useT();
  const me = useCurrentUser();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const createForm = useSchemaForm(createUserBodySchema);
  const newPasswordRule = useNewPasswordRule();
  const updateForm = useSchemaForm(updateUserBodySchema);
  const isEdit = Boolean(user);
  const allowed = user ? userActionsFor(me, user) : undefined;
  const passwordMode = Form.useWatch('passwordMode', form);
  const saving = create.isPending || update.isPending;
  const rules = isEdit ? updateForm.rules : createForm.rules;

  const labels = {
    email: t('users.email'),
    firstName: t('users.firstName'),
    lastName: t('users.lastName'),
    role: t('users.role'),
    facilityIds: t('users.facilities'),
    password: t('users.initialPassword'),
    mustChangePassword: t('users.mustChangePassword'),
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role }
        : { passwordMode: 'generate', mustChangePassword: true, facilityIds: [] },
    );
  }, [open, user, form]);

  const onFinish = (values: Values) => {
    setFormError(undefined);
    const onError = (error: unknown) => setFormError(applyServerErrors(form, error, FIELDS, t, ['email']));
    if (user) {
      const body = updateForm.parse(
        form,
        {
          firstName: values.firstName,
          lastName: values.lastName,
          ...(allowed?.editEmail ? { email: values.email } : {}),
          ...(allowed?.editRole ? { role: values.role } : {}),
        },
        labels,
      );
      if (!body) return;
      update.mutate(
        { id: user._id, body },
        {
          onSuccess: () => {
            void message.success(t('users.saved'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const body = createForm.parse(
      form,
      {
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        role: values.role,
        facilityIds: values.facilityIds ?? [],
        mustChangePassword: values.mustChangePassword ?? true,
        ...(values.passwordMode === 'set' ? { password: values.password ?? '' } : {}),
      },
      labels,
    );
    if (!body) return;
    create.mutate(body, {
      onSuccess: ({ data }) => {
        void message.success(t('users.created', { email: data.email }));
        onClose();
        if (data.temporaryPassword) onTemporaryPassword(data.email, data.temporaryPassword);
      },
      onError,
    });
  };

  const roleOptions = assignableRoles(me.role).map((role) => ({ value: role, label: t(`role.${role}`) }));
  const showRole = !isEdit || allowed?.editRole;

  return (
    <FormModal<Values>
      open={open}
      state={{ form, saving, formError, clearFormError: () => setFormError(undefined) }}
      title={isEdit ? t('users.editTitle', { name: user?.name || user?.email || '' }) : t('users.createTitle')}
      okText={isEdit ? t('data.save') : t('users.create')}
      onClose={onClose}
      onFinish={onFinish}
    >
      <Form.Item
        label={labels.email}
        name="email"
        rules={rules('email', labels.email)}
        hidden={isEdit && !allowed?.editEmail}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label={labels.firstName} name="firstName" rules={rules('firstName', labels.firstName)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={labels.lastName} name="lastName" rules={rules('lastName', labels.lastName)}>
        <Input autoComplete="off" />
      </Form.Item>
      {showRole ? (
        <Form.Item
          label={labels.role}
          name="role"
          rules={rules('role', labels.role)}
          extra={isEdit ? t('users.roleChangeNote') : undefined}
        >
          <Select options={roleOptions} placeholder={t('users.chooseRole')} />
        </Form.Item>
      ) : null}
      {!isEdit ? (
        <>
          {can(me.role, 'userFacility:manage') ? (
            <Form.Item label={labels.facilityIds} name="facilityIds" extra={t('users.facilitiesNote')}>
              <RemoteSelect mode="multiple" {...facilityOptions} label={labels.facilityIds} />
            </Form.Item>
          ) : null}
          <Form.Item label={t('users.passwordMode')} name="passwordMode">
            <Radio.Group
              options={[
                { value: 'generate', label: t('users.generatePassword') },
                { value: 'set', label: t('users.setPassword') },
              ]}
            />
          </Form.Item>
          {passwordMode === 'set' ? (
            <Form.Item
              label={labels.password}
              name="password"
              extra={t('changePassword.rule')}
              rules={[{ required: true, message: t('form.required', { field: labels.password }) }, newPasswordRule]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          ) : null}
          <Form.Item name="mustChangePassword" valuePropName="checked">
            <Checkbox>{labels.mustChangePassword}</Checkbox>
          </Form.Item>
        </>
      ) : null}
    </FormModal>
  );
}
