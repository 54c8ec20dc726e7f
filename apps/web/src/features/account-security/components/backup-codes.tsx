import { App, Button, Flex, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n/use-t';

/** The ten backup codes, shown once after set-up, with copy and download. */
export function BackupCodes({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const text = `${t('accountSecurity.backupFileTitle', { account })}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success(t('accountSecurity.copied'));
    } catch {
      void message.error(t('accountSecurity.copyFailed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'rtms-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="backup-codes-title">
      <Typography.Title level={2} id="backup-codes-title" className="account-security__subtitle">
        {t('accountSecurity.backupTitle')}
      </Typography.Title>
      <Typography.Paragraph>{t('accountSecurity.backupIntro')}</Typography.Paragraph>
      <ol className="backup-codes" aria-label={t('accountSecurity.backupTitle')}>
        {codes.map((code) => (
          <li key={code} dir="ltr">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('accountSecurity.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('accountSecurity.download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('accountSecurity.backupDone')}
        </Button>
      </Flex>
    </section>
  );
}
