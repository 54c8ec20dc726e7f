import { parseAnswer, reportUnauthorized, type AnswerSchema } from './api-client';
import { apiErrorOf, networkError } from './api-download';
import { readStoredToken } from './auth/session-storage';

/**
 * Multipart uploads to the API (documents and their versions). `apiRequest` sends JSON; a file goes as
 * multipart/form-data, and the user should see how far it got, which only XMLHttpRequest reports
 * (fetch has no upload progress). Same token, same `ApiError`s, same end of session on 401.
 */

export interface UploadOptions {
  /** Bytes sent so far and the total, while the request body goes out. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST `form` to `/api${path}`. Put the text fields in `form` before the file: the server reads the
 * parts in order and checks the fields before it stores the file. `answer` is the endpoint's response
 * schema; the upload resolves to the parsed body (an answer of another shape is `UNEXPECTED_RESPONSE`).
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  answer: AnswerSchema<T>,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    if (options.onProgress) {
      const onProgress = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      done();
      const text = typeof xhr.response === 'string' ? xhr.response : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        parseAnswer(answer, xhr.status, text, `POST ${path}`).then(resolve, reject);
        return;
      }
      const error = apiErrorOf(xhr.status, text);
      if (xhr.status === 401) reportUnauthorized();
      reject(error);
    });
    xhr.addEventListener('error', () => {
      done();
      reject(networkError());
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    xhr.send(form);
  });
}
