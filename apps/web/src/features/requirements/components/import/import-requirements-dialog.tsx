import { useState } from 'react';
import { Alert, App, Button, Flex, Modal, Progress, Result, Space, Spin, Steps, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportFormat, ImportReport } from '@rtms/shared/schemas/requirement-import';
import { ApiError } from '../../../../lib/api-client';
import { useT } from '../../../../lib/i18n/use-t';
import { downloadBlob } from '../../../../components/data/export/download';
import { downloadImportErrorReport, downloadImportTemplate } from '../../api/import-files';
import { useImportRequirements } from '../../api/import-requirements';
import { ImportReportTable } from './import-report-table';
import './import-requirements.css';

type Step = 'template' | 'upload' | 'review' | 'done';
const STEPS: Step[] = ['template', 'upload', 'review', 'done'];

/** The report of a 409 (an import refused because rows have errors) or undefined. */
function reportOfConflict(error: unknown): ImportReport | undefined {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT' || Array.isArray(error.details)) return undefined;
  const details = error.details as Partial<ImportReport> | undefined;
  return details?.rows && details.summary ? (details as ImportReport) : undefined;
}

/**
 * Bulk import of requirements, step by step: the template, the upload (a dry run: nothing is written),
 * the report row by row, then the import of every row in one transaction — or, when some rows have
 * errors, of the valid rows only (the others skipped). The error report is the uploaded file with an
 * `errors` column, to fix and upload again.
 */
export function ImportRequirementsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>('template');
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  const [progress, setProgress] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const mutation = useImportRequirements();
  const busy = mutation.isPending;

  const reset = () => {
    setStep('template');
    setFile(undefined);
    setReport(undefined);
    setProgress(undefined);
    setProblem(undefined);
    mutation.reset();
  };

  const save = async (download: () => ReturnType<typeof downloadImportTemplate>, fallbackName: string) => {
    try {
      const downloaded = await download();
      downloadBlob(downloaded.blob, downloaded.fileName ?? fallbackName);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };
  const template = (format: ImportFormat) =>
    save(() => downloadImportTemplate(format), `requirements-import-template.${format}`);

  const send = (chosen: File, dryRun: boolean, skipInvalidRows = false) => {
    setProblem(undefined);
    setProgress(0);
    mutation.mutate(
      {
        file: chosen,
        dryRun,
        skipInvalidRows,
        onProgress: (sent, total) => setProgress(Math.round((sent / total) * 100)),
      },
      {
        onSuccess: ({ data }) => {
          setReport(data);
          setStep(dryRun ? 'review' : 'done');
        },
        onError: (error) => {
          const refused = reportOfConflict(error);
          if (refused) {
            // Something changed since the dry run: show the rows that now fail.
            setReport(refused);
            setStep('review');
          }
          setProblem(error instanceof Error ? error.message : String(error));
        },
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const pick = (chosen: File) => {
    setFile(chosen);
    setReport(undefined);
    send(chosen, true);
  };

  const toSave = report ? report.summary.create + report.summary.update : 0;
  const errorReportButton = (key: string) =>
    report?.summary.error && file ? (
      <Button
        key={key}
        icon={<DownloadOutlined />}
        onClick={() => void save(() => downloadImportErrorReport(file), `${file.name}-errors`)}
      >
        {t('requirementImport.downloadErrors')}
      </Button>
    ) : null;
  const footer = (() => {
    switch (step) {
      case 'template':
        return [
          <Button key="next" type="primary" onClick={() => setStep('upload')}>
            {t('requirementImport.next')}
          </Button>,
        ];
      case 'upload':
        return [
          <Button key="back" onClick={() => setStep('template')} disabled={busy}>
            {t('requirementImport.back')}
          </Button>,
        ];
      case 'review':
        return [
          <Button key="back" onClick={() => setStep('upload')} disabled={busy}>
            {t('requirementImport.chooseAnother')}
          </Button>,
          errorReportButton('errors'),
          // All or nothing; with errors, the choice is to import the valid rows and skip the others.
          report?.summary.error && toSave > 0 ? (
            <Button key="import-valid" type="primary" loading={busy} onClick={() => file && send(file, false, true)}>
              {t('requirementImport.importValid', { count: toSave, skipped: report.summary.error })}
            </Button>
          ) : (
            <Button
              key="import"
              type="primary"
              loading={busy}
              disabled={!file || !report || report.summary.error > 0 || toSave === 0}
              onClick={() => file && send(file, false)}
            >
              {t('requirementImport.importN', { count: toSave })}
            </Button>
          ),
        ];
      default:
        return [
          errorReportButton('errors'),
          <Button key="close" type="primary" onClick={onClose}>
            {t('requirementImport.close')}
          </Button>,
        ];
    }
  })();

  return (
    <Modal
      open={open}
      title={t('requirementImport.title')}
      width={960}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      footer={footer}
      afterClose={reset}
      destroyOnHidden
    >
      <Steps
        className="requirement-import__steps"
        size="small"
        current={STEPS.indexOf(step)}
        items={STEPS.map((key) => ({ title: t(`requirementImport.step.${key}`) }))}
      />
      {problem ? <Alert type="error" showIcon role="alert" className="form-alert" title={problem} /> : null}
      {step === 'template' ? (
        <Flex vertical gap="middle">
          <Typography.Paragraph>{t('requirementImport.templateIntro')}</Typography.Paragraph>
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void template('xlsx')}>
              {t('requirementImport.templateXlsx')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void template('csv')}>
              {t('requirementImport.templateCsv')}
            </Button>
          </Space>
          <Typography.Paragraph type="secondary">{t('requirementImport.templateRules')}</Typography.Paragraph>
        </Flex>
      ) : null}
      {step === 'upload' ? (
        <Flex vertical gap="middle">
          <Upload.Dragger
            accept=".csv,.txt,.xlsx"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(chosen) => {
              pick(chosen);
              return false;
            }}
            aria-label={t('requirementImport.dropLabel')}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('requirementImport.drop')}</p>
            <p className="ant-upload-hint">{t('requirementImport.dropHint')}</p>
          </Upload.Dragger>
          {busy ? (
            <div role="status" aria-live="polite">
              {progress !== undefined && progress < 100 ? (
                <Progress percent={progress} aria-label={t('requirementImport.uploading')} />
              ) : (
                <Spin>
                  <Typography.Text>{t('requirementImport.checking', { name: file?.name ?? '' })}</Typography.Text>
                </Spin>
              )}
            </div>
          ) : null}
        </Flex>
      ) : null}
      {step === 'review' && report ? (
        <Flex vertical gap="middle">
          <Space wrap role="status">
            <Typography.Text strong>{file?.name}</Typography.Text>
            <Tag color="green">{t('requirementImport.summaryCreate', { count: report.summary.create })}</Tag>
            <Tag color="blue">{t('requirementImport.summaryUpdate', { count: report.summary.update })}</Tag>
            <Tag>{t('requirementImport.summaryUnchanged', { count: report.summary.unchanged })}</Tag>
            <Tag color="red">{t('requirementImport.summaryError', { count: report.summary.error })}</Tag>
          </Space>
          {report.warnings.map((warning) => (
            <Alert key={warning} type="warning" showIcon title={warning} />
          ))}
          {report.summary.error ? (
            <Alert type="info" showIcon title={t('requirementImport.fixErrors')} />
          ) : toSave === 0 ? (
            <Alert type="info" showIcon title={t('requirementImport.nothingToDo')} />
          ) : null}
          {busy ? (
            <Spin>
              <Typography.Text>{t('requirementImport.importing', { count: toSave })}</Typography.Text>
            </Spin>
          ) : null}
          <ImportReportTable report={report} />
        </Flex>
      ) : null}
      {step === 'done' && report ? (
        <Result
          status="success"
          title={t('requirementImport.doneTitle', { count: report.summary.create + report.summary.update })}
          subTitle={t('requirementImport.doneBody', {
            create: report.summary.create,
            update: report.summary.update,
            unchanged: report.summary.unchanged,
          })}
          extra={
            report.summary.error ? (
              <Typography.Text role="status">
                {t('requirementImport.doneSkipped', { count: report.summary.error })}
              </Typography.Text>
            ) : undefined
          }
        />
      ) : null}
    </Modal>
  );
}
