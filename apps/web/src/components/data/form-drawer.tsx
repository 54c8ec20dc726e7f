import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Flex, Form, type FormProps } from 'antd';
import { DRAWER_WIDTH_LARGE } from '@rtms/shared/constants';
import { useT } from '../../lib/i18n/use-t';
import { useInterfaceSettings } from '../../lib/interface-settings/settings-store';
import type { FormState } from './form-state';

/**
 * A long form in a side drawer (a facility, a requirement, a library document): the whole window on a
 * narrow screen; the footer's primary button submits the form; nothing can be closed or changed while
 * `busy` (by default while `state.saving`), and `state.formError` (what belongs to no field) shows above
 * the form until the drawer has closed.
 */
export function FormDrawer<Values extends object>({
  open,
  state: { form, saving, formError, clearFormError },
  title,
  busy = saving,
  onClose,
  onFinish,
  onValuesChange,
  submit,
  cancel,
  footerNote,
  children,
}: {
  open: boolean;
  state: FormState<Values>;
  title: ReactNode;
  /** Longer than saving when the form does more (a preview before the save). */
  busy?: boolean;
  onClose: () => void;
  onFinish: (values: Values) => void;
  onValuesChange?: FormProps<Values>['onValuesChange'];
  /** The primary button: its text, and its spinner and whether it is off when not `saving` and never. */
  submit: { text: string; loading?: boolean; disabled?: boolean };
  /** The cancel button when it is not the plain one disabled while busy: an upload's cancel stays on. */
  cancel?: { text: string; whileBusy: true };
  /** Above the footer's buttons (an upload's progress). */
  footerNote?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { settings } = useInterfaceSettings();
  const buttons = (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose} disabled={cancel ? undefined : busy}>
        {cancel ? cancel.text : t('data.cancel')}
      </Button>
      <Button
        type="primary"
        loading={submit.loading ?? saving}
        disabled={submit.disabled}
        onClick={() => form.submit()}
      >
        {submit.text}
      </Button>
    </Flex>
  );
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={settings.width < DRAWER_WIDTH_LARGE + 40 ? '100%' : DRAWER_WIDTH_LARGE}
      title={title}
      destroyOnHidden
      forceRender
      afterOpenChange={(visible) => {
        if (!visible) clearFormError();
      }}
      mask={{ closable: !busy }}
      footer={
        footerNote === undefined ? (
          buttons
        ) : (
          <Flex vertical gap={8}>
            {footerNote}
            {buttons}
          </Flex>
        )
      }
    >
      {formError ? <Alert type="error" showIcon role="alert" className="form-alert" title={formError} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={onValuesChange}
        disabled={busy}
        requiredMark="optional"
        scrollToFirstError
      >
        {children}
      </Form>
    </Drawer>
  );
}
