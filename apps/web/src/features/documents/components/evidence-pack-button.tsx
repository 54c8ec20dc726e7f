import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';
import type { RemoteOption } from '../../../components/data/remote-select';
import { EvidencePackModal, type EvidencePackSelection } from './evidence-pack-modal';

/**
 * "Evidence pack" for a page about one facility or requirement: opens the evidence pack dialog with that
 * selection already chosen. Every role may download the evidence of the facilities it sees.
 */
export function EvidencePackButton({
  initial,
  knownOptions,
  ...buttonProps
}: {
  initial: EvidencePackSelection;
  /** Labels of the chosen facility or requirement. */
  knownOptions?: RemoteOption[];
} & Omit<ButtonProps, 'onClick' | 'icon'>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FileZipOutlined />} {...buttonProps} onClick={() => setOpen(true)}>
        {t('evidencePack.open')}
      </Button>
      <EvidencePackModal open={open} onClose={() => setOpen(false)} initial={initial} knownOptions={knownOptions} />
    </>
  );
}
