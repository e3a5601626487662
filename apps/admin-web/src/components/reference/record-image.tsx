import { Image } from '@mantine/core';
import type { UploadedImage } from '../upload-image.js';

/** Where the browser loads a stored file (same origin; the session cookie authorises it). */
export function fileUrl(fileCode: string): string {
  return `/api/file/download?fileCode=${encodeURIComponent(fileCode)}`;
}

/** A record's image as the upload field holds it. */
export function imagesOf(fileCode: string | null | undefined): UploadedImage[] {
  return fileCode ? [{ fileCode, url: fileUrl(fileCode) }] : [];
}

/** A small picture in a list row, or nothing. */
export function Thumbnail({ fileCode, alt }: { fileCode: string | null | undefined; alt: string }) {
  if (!fileCode) return null;
  return <Image src={fileUrl(fileCode)} alt={alt} w={40} h={40} fit="cover" radius="sm" />;
}

/** Several stored images as the upload field holds them. */
export function imagesOfAll(fileCodes: readonly string[] | undefined): UploadedImage[] {
  return (fileCodes ?? []).flatMap((code) => imagesOf(code));
}
