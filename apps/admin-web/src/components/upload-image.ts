import { call } from '../lib/call.js';

export interface UploadedImage {
  fileCode: string;
  /** Where the browser loads it from (same origin, the session cookie authorises it). */
  url: string;
  name?: string;
}

/**
 * `POST /api/file/upload` (multipart `file` and its `purpose`: image, video, audio, apk, zip…). The API checks the
 * kind and size from the bytes and answers its refusal in the user's language (the API client shows it).
 */
export function uploadFile(
  file: File,
  purpose: string,
  onProgress?: (fraction: number) => void,
): Promise<{ fileCode: string; url: string; name?: string }> {
  const form = new FormData();
  // Purpose first: the API then knows the size limit while the file is still arriving.
  form.append('purpose', purpose);
  form.append('file', file);
  return call.form('/file/upload', form, { successMessage: false, onUploadProgress: onProgress });
}

/** `POST /api/file/upload` (multipart `file`, `purpose=image`). */
export async function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<UploadedImage> {
  const data = await uploadFile(file, 'image', onProgress);
  return { fileCode: data.fileCode, url: data.url, name: data.name ?? file.name };
}
