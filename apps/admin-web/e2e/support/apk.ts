import { APK_PICTURE_PURPOSE, APK_PICTURES } from '@kb/contracts';

/** The package's resources a user uploads as images (every one but the boot video), in the form's order. */
export const APK_IMAGES = APK_PICTURES.filter((field) => APK_PICTURE_PURPOSE[field] === 'image');

/**
 * DEMO's seeded picture, video and APK files (apps/api/src/seed/demo-apk.ts), by the fields of a package: a
 * complete package for the API without uploads.
 */
export const SEEDED_APK_FILES = {
  ...Object.fromEntries(
    APK_PICTURES.map((field, i) => [
      field,
      `a9c0de00-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    ]),
  ),
  apkFileCode: 'a9c0de00-0000-4000-8000-000000000200',
};
