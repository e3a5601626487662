/** §5/§9 upload rules for images: jpg or png only, at most 300 KB each, at most 5 per field (1 for banners). */
export const IMAGE_MAX_BYTES = 300 * 1024;
export const IMAGE_DEFAULT_MAX_COUNT = 5;
export const BANNER_IMAGE_MAX_COUNT = 1;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
const EXTENSIONS = /\.(jpe?g|png)$/i;

export type ImageProblem = 'name' | 'type' | 'size' | 'count';

export interface ImageCheck<F> {
  accepted: F[];
  rejected: { file: F; problem: ImageProblem }[];
}

/**
 * Decides, before anything is sent, which chosen files may be uploaded: each needs a name, a jpg/png type and
 * extension, at most 300 KB, and a free place (`alreadyHave` of `max` taken). The server checks the bytes again.
 */
export function checkImages<F extends { name: string; size: number; type: string }>(
  files: readonly F[],
  alreadyHave: number,
  max: number,
): ImageCheck<F> {
  const result: ImageCheck<F> = { accepted: [], rejected: [] };
  for (const file of files) {
    const problem: ImageProblem | null = !file.name.trim()
      ? 'name'
      : !(IMAGE_MIME_TYPES as readonly string[]).includes(file.type) || !EXTENSIONS.test(file.name)
        ? 'type'
        : file.size > IMAGE_MAX_BYTES
          ? 'size'
          : alreadyHave + result.accepted.length >= max
            ? 'count'
            : null;
    if (problem) result.rejected.push({ file, problem });
    else result.accepted.push(file);
  }
  return result;
}
