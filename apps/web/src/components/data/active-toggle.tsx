import { StopOutlined, UndoOutlined } from '@ant-design/icons';
import { ConfirmAction } from './confirm-button';
import type { useT } from '../../lib/i18n/use-t';

/** The texts of one kind of row (settings, facilities, users), already translated for this row. */
export interface ActiveToggleTexts {
  deactivate: string;
  deactivateConfirm: string;
  deactivateBody?: string;
  deactivateNamed: string;
  reactivate: string;
  reactivateConfirm: string;
  reactivateNamed: string;
}

/** A row's deactivate button (after a confirmation), or its reactivate button once inactive. */
export function ActiveToggle({
  active,
  onChange,
  texts,
}: {
  active: boolean;
  onChange: (active: boolean) => Promise<unknown> | void;
  texts: ActiveToggleTexts;
}) {
  return active ? (
    <ConfirmAction
      key="deactivate"
      icon={<StopOutlined />}
      label={texts.deactivate}
      danger
      title={texts.deactivateConfirm}
      description={texts.deactivateBody}
      onConfirm={() => onChange(false)}
      ariaLabel={texts.deactivateNamed}
    />
  ) : (
    <ConfirmAction
      key="reactivate"
      icon={<UndoOutlined />}
      label={texts.reactivate}
      title={texts.reactivateConfirm}
      onConfirm={() => onChange(true)}
      ariaLabel={texts.reactivateNamed}
    />
  );
}

/** The texts of a settings row (program area, regulation), named `name`; `deactivateBody` says what deactivating does. */
export function settingsToggleTexts(
  t: ReturnType<typeof useT>,
  name: string,
  deactivateBody: string,
): ActiveToggleTexts {
  return {
    deactivate: t('settings.deactivate'),
    deactivateConfirm: t('settings.deactivateConfirm', { name }),
    deactivateBody,
    deactivateNamed: t('settings.deactivateNamed', { name }),
    reactivate: t('settings.reactivate'),
    reactivateConfirm: t('settings.reactivateConfirm', { name }),
    reactivateNamed: t('settings.reactivateNamed', { name }),
  };
}
