import { useRef, useState } from 'react';
import { Progress } from 'antd';
import { useT } from '../../../lib/i18n/use-t';

/** True for the error of an upload the user cancelled: nothing to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The progress of one upload at a time, and its cancellation: `start()` gives the signal and progress
 * callback to hand to the upload, `settled()` ends it (success or not), `cancel()` aborts it.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number>();
  const abort = useRef<AbortController | null>(null);
  return {
    progress,
    start: () => {
      const controller = new AbortController();
      abort.current = controller;
      setProgress(0);
      return {
        signal: controller.signal,
        onProgress: (sent: number, total: number) => setProgress(Math.round((sent / total) * 100)),
      };
    },
    settled: () => {
      setProgress(undefined);
      abort.current = null;
    },
    cancel: () => abort.current?.abort(),
  };
}

/** An upload's progress bar while it runs (`progress` in percent), nothing otherwise. */
export function UploadProgress({ progress, className }: { progress: number | undefined; className?: string }) {
  const t = useT();
  return progress !== undefined ? (
    <Progress className={className} percent={progress} size="small" aria-label={t('documentUpload.progress')} />
  ) : null;
}
