import { useState } from 'react';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n/use-t';
import { useUploadRules } from '../api/get-upload-rules';
import { fileIconOf, formatFileSize } from '../../../components/document-format';
import './documents.css';
import { checkPickedFile, type UploadProblem } from './upload-check';
import { uploadTypeOf, fileExtension } from '@rtms/shared/upload-rules';

/**
 * Chooses one file to upload and checks it at once, as the server will (type by name and content,
 * size against the server's limit): a refused file is never sent, and the user reads why in their
 * language before trying. A form field: `value` is the accepted file, `onChange` gets it (or null).
 */
export function FilePicker({
  value,
  onChange,
  disabled,
  label,
  onPicked,
  compact = false,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  disabled?: boolean;
  /** Accessible name of the drop zone. */
  label: string;
  /** Called with an accepted file (e.g. to fill the title from its name). */
  onPicked?: (file: File) => void;
  /** A lower drop zone without the big icon (inside a task's evidence section). */
  compact?: boolean;
}) {
  const t = useT();
  const intl = useIntl();
  const { maxBytes, accept } = useUploadRules();
  const [problem, setProblem] = useState<{ name: string; problem: UploadProblem }>();
  const [checking, setChecking] = useState(false);

  const pick = async (file: File) => {
    setChecking(true);
    try {
      const found = await checkPickedFile(file, maxBytes, (bytes) => formatFileSize(intl, bytes));
      if (found) {
        setProblem({ name: file.name, problem: found });
        // Clears an earlier accepted file; with none, the alert alone says what is wrong.
        if (value) onChange?.(null);
      } else {
        setProblem(undefined);
        onChange?.(file);
        onPicked?.(file);
      }
    } finally {
      setChecking(false);
    }
  };

  const mediaType = value ? (uploadTypeOf(fileExtension(value.name))?.mediaType ?? '') : '';

  return (
    <div className={compact ? 'file-picker file-picker--compact' : 'file-picker'}>
      <Upload.Dragger
        accept={accept}
        multiple={false}
        showUploadList={false}
        disabled={disabled || checking}
        beforeUpload={(file) => {
          void pick(file);
          // Nothing is sent here: the form uploads the file when it is submitted.
          return false;
        }}
        aria-label={label}
      >
        {compact ? null : (
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
        )}
        <p className="ant-upload-text">{value ? t('documentUpload.replace') : t('documentUpload.choose')}</p>
        <p className="ant-upload-hint">{t('documentUpload.hint', { max: formatFileSize(intl, maxBytes) })}</p>
      </Upload.Dragger>
      {value ? (
        <Flex className="file-picker__chosen" gap={8} align="center" justify="space-between">
          <Flex gap={8} align="center">
            {fileIconOf(mediaType)}
            <Typography.Text className="file-picker__chosen-name">{value.name}</Typography.Text>
            <Typography.Text type="secondary">{formatFileSize(intl, value.size)}</Typography.Text>
          </Flex>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('documentUpload.remove', { name: value.name })}
            onClick={() => onChange?.(null)}
          />
        </Flex>
      ) : null}
      {problem ? (
        <Alert
          className="file-picker__problem"
          type="error"
          showIcon
          role="alert"
          title={t('documentUpload.refused', { name: problem.name })}
          description={t(problem.problem.key, problem.problem.values)}
        />
      ) : null}
    </div>
  );
}
