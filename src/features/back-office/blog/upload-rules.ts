import { isFrappeClientError } from '@/lib/frappe';
import type { MessageKey, MessageParams } from '@/lib/i18n';

/** The server's upload limit when its boot does not say (MAX_UPLOAD_BYTES's default). */
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A post image: what a browser shows everywhere, checked by type and by name (the server checks the bytes). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

export interface UploadMessage {
  key: MessageKey;
  params?: MessageParams;
}

const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);

/** Why this file cannot be the post image, before a byte is sent; null when it may be uploaded. */
export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>, maxBytes: number): UploadMessage | null {
  if (!IMAGE_TYPES.has(file.type) || !IMAGE_NAME.test(file.name)) return { key: 'blogAdmin.imageWrongType' };
  if (file.size > maxBytes) return { key: 'blogAdmin.imageTooLarge', params: { size: megabytes(file.size), max: megabytes(maxBytes) } };
  return null;
}

/** A refused or failed upload, by the server's code or status, in the editor's language. */
export function uploadFailure(error: unknown, maxBytes: number): UploadMessage {
  if (!isFrappeClientError(error)) return { key: 'blogAdmin.uploadFailed' };
  if (error.isNetworkError) return { key: 'blogAdmin.toastOffline' };
  if (error.code === 'file_too_large' || error.httpStatus === 413) return { key: 'blogAdmin.imageOverLimit', params: { max: megabytes(maxBytes) } };
  if (error.code === 'file_type_not_allowed' || error.httpStatus === 415) return { key: 'blogAdmin.imageWrongType' };
  if (error.httpStatus === 403 || error.httpStatus === 401) return { key: 'blogAdmin.uploadNotPermitted' };
  return { key: 'blogAdmin.uploadFailed' };
}

export const maxUploadText = (maxBytes: number) => megabytes(maxBytes);
