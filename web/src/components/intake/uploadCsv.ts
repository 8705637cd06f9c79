import type { UploadResult } from '../../../../shared/schemas/intake';

export type UploadAnswer = UploadResult & { status: true; success: true; message: string };

/** The server answered with a failure (its message is for the user). */
export class UploadRefused extends Error {}
/** No answer: the network or the server went away. */
export class UploadNetworkError extends Error {}

export interface UploadProgress {
  /** bytes sent so far, as a percentage */
  percent: number;
  /** every byte is sent: the server is reading and saving the rows */
  processing: boolean;
}

/**
 * Sends a CSV to the legacy upload route with the session cookie (same origin), reporting upload
 * progress: fetch cannot report request progress, XMLHttpRequest can. The category and routeNow go
 * first so the server streams the file straight into the import.
 */
export function uploadCsv(file: File, category: string, routeNow: boolean, onProgress: (p: UploadProgress) => void) {
  const form = new FormData();
  form.append('category', category);
  form.append('routeNow', routeNow ? '1' : '0');
  form.append('csvFile', file, file.name);
  return postForm<UploadAnswer>('/api/webapi/upload-csv', form, onProgress);
}

export interface StagedFile {
  fileId: string;
  fileName: string;
}

/** Sends a chosen file once, to be kept for the mapping step (it is imported from there, not sent again). */
export function stageCsv(file: File, onProgress: (p: UploadProgress) => void) {
  const form = new FormData();
  form.append('csvFile', file, file.name);
  return postForm<StagedFile>('/api/webapi/upload-csv/file', form, onProgress);
}

function postForm<T>(url: string, form: FormData, onProgress: (p: UploadProgress) => void) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      onProgress({ percent: Math.min(100, Math.round((e.loaded / e.total) * 100)), processing: e.loaded >= e.total });
    };
    xhr.upload.onload = () => onProgress({ percent: 100, processing: true });
    xhr.onload = () => {
      let body: { message?: unknown } | null;
      try {
        body = JSON.parse(xhr.responseText) as { message?: unknown };
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body) return resolve(body as T);
      const message = body && typeof body.message === 'string' ? body.message : `The server answered ${xhr.status}.`;
      reject(new UploadRefused(message));
    };
    xhr.onerror = () => reject(new UploadNetworkError('Please check your connection and try again.'));
    xhr.onabort = () => reject(new UploadNetworkError('The upload was cancelled.'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export const formatMb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 100) / 100}`;
