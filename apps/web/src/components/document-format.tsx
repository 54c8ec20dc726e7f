import type { ReactNode } from 'react';
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import type { IntlShape } from 'react-intl';
import { PREVIEW_MEDIA_TYPES } from '@rtms/shared/upload-rules';

/** Whether a document can be shown in the page (PDF and images); everything else is downloaded. */
export function canPreview(mediaType: string): boolean {
  return PREVIEW_MEDIA_TYPES.includes(mediaType);
}

/** "1.2 MB", "1,2 Mo", "340 kB" … in the interface language (powers of 1024, as the upload limit is stated). */
export function formatFileSize(intl: IntlShape, bytes: number): string {
  const units = [
    ['gigabyte', 1024 ** 3],
    ['megabyte', 1024 ** 2],
    ['kilobyte', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) {
      return intl.formatNumber(bytes / size, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    }
  }
  // Below 1 KB, a fraction of a kilobyte reads better than "892 byte".
  return intl.formatNumber(Math.max(bytes / 1024, bytes > 0 ? 0.1 : 0), {
    style: 'unit',
    unit: 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

/** An icon for a file's media type. */
export function fileIconOf(mediaType: string): ReactNode {
  if (mediaType === 'application/pdf') return <FilePdfOutlined aria-hidden />;
  if (mediaType.startsWith('image/')) return <FileImageOutlined aria-hidden />;
  if (mediaType.includes('wordprocessing') || mediaType === 'application/msword')
    return <FileWordOutlined aria-hidden />;
  if (mediaType.includes('spreadsheet') || mediaType === 'application/vnd.ms-excel' || mediaType === 'text/csv')
    return <FileExcelOutlined aria-hidden />;
  if (mediaType.includes('presentation')) return <FilePptOutlined aria-hidden />;
  if (mediaType === 'application/zip') return <FileZipOutlined aria-hidden />;
  if (mediaType.startsWith('text/')) return <FileTextOutlined aria-hidden />;
  return <FileOutlined aria-hidden />;
}
