import { useRef, useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { useT } from '../../lib/i18n/use-t';
import { EXPORT_ROW_CAP, fetchAllPages, type FetchPage } from './export/fetch-all';
import { exportRows, type ExportFormat } from './export/export-rows';
import type { ExportColumn } from './export/export-types';

export interface ExportButtonProps<T> {
  /** File name without date and extension, e.g. `facilities`. */
  fileName: string;
  /** Sheet name inside the Excel file (defaults to the file name). */
  sheetName?: string;
  columns: readonly ExportColumn<T>[];
  /** One page of the list under the current search, filters and sort. */
  fetchPage: FetchPage<T>;
  /** Row cap (default 50,000). */
  cap?: number;
}

/**
 * "Export" with CSV and Excel: fetches every row of the current filter page by page (up to the cap)
 * and downloads the file. Progress and the outcome show as messages.
 */
export function ExportButton<T>({ fileName, sheetName, columns, fetchPage, cap = EXPORT_ROW_CAP }: ExportButtonProps<T>) {
  const t = useT();
  const intl = useIntl();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const key = `export-${fileName}`;

  const run = async (format: ExportFormat) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    try {
      const result = await fetchAllPages(fetchPage, {
        cap,
        signal: controller.signal,
        onProgress: (loaded, total) =>
          void message.open({
            key,
            type: 'loading',
            duration: 0,
            content: t('data.exporting', { loaded: intl.formatNumber(loaded), total: intl.formatNumber(total) }),
          }),
      });
      if (result.rows.length === 0) {
        void message.open({ key, type: 'info', content: t('data.exportEmpty') });
        return;
      }
      await exportRows(format, fileName, columns, result.rows, sheetName);
      if (result.truncated) {
        void message.open({
          key,
          type: 'warning',
          duration: 8,
          content: t('data.exportTruncated', { cap: intl.formatNumber(cap), total: intl.formatNumber(result.total) }),
        });
      } else {
        void message.open({ key, type: 'success', content: t('data.exportDone', { count: intl.formatNumber(result.rows.length) }) });
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      void message.open({
        key,
        type: 'error',
        duration: 6,
        content: t('data.exportFailed', { message: error instanceof Error ? error.message : String(error) }),
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      disabled={running}
      menu={{
        items: [
          { key: 'csv', icon: <FileTextOutlined />, label: t('data.exportCsv') },
          { key: 'xlsx', icon: <FileExcelOutlined />, label: t('data.exportXlsx') },
        ],
        onClick: ({ key: format }) => void run(format as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={running}>
        {t('data.export')}
      </Button>
    </Dropdown>
  );
}
