import { api } from '../lib/api-client.js';

export interface UploadedImage {
  fileCode: string;
  /** Where the browser loads it from (same origin, the session cookie authorises it). */
  url: string;
  name?: string;
}

/** `POST /api/file/upload` (multipart `file`, `purpose=image`). */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', 'image');
  const data = await api<{ fileCode: string; url: string; name?: string }>('/file/upload', {
    form,
    successMessage: false,
  });
  return { fileCode: data.fileCode, url: data.url, name: data.name ?? file.name };
}
