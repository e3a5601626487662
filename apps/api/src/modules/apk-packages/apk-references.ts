import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { APK_PICTURE_PURPOSE, APK_PICTURES, type ApkContentDraft, type UiLang } from '@kb/contracts';
import type { ApkReferenceResolver, ResolvedApkContent } from '@kb/aggregates';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { PG_POOL } from '../../infra/tokens.js';

interface Problem {
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

/**
 * What a package names must be the caller's brand's own: the sub-brand (`sub_brands`), the adapted model among
 * that sub-brand's models (`sub_brand_products`), and every file (`files`, of the right purpose: images, the boot
 * video, the APK). The APK file's size becomes the package's file size.
 */
@Injectable()
export class ApkReferences implements ApkReferenceResolver {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async resolve(brand: string, draft: ApkContentDraft, lang: UiLang): Promise<ResolvedApkContent> {
    const problems: Problem[] = [];
    const fileFields = [...APK_PICTURES, 'apkFileCode'] as const;
    const codes = fileFields.map((f) => draft[f]).filter((c): c is string => c !== null);
    const [subBrand, model, files] = await Promise.all([
      draft.subBrandCode
        ? this.pool.query('SELECT 1 FROM sub_brands WHERE brand_owner_code = $1 AND sub_brand_code = $2', [
            brand,
            draft.subBrandCode,
          ])
        : null,
      draft.subBrandCode && draft.productCode
        ? this.pool.query(
            `SELECT 1 FROM sub_brand_products
              WHERE brand_owner_code = $1 AND sub_brand_code = $2 AND product_code = $3`,
            [brand, draft.subBrandCode, draft.productCode],
          )
        : null,
      codes.length
        ? this.pool.query<{ file_code: string; purpose: string; size: number }>(
            `SELECT file_code::text AS file_code, purpose, size FROM files
              WHERE brand_owner_code = $1 AND file_code = ANY($2::uuid[])`,
            [brand, codes],
          )
        : null,
    ]);
    if (subBrand && !subBrand.rowCount)
      problems.push({ field: 'subBrandCode', code: 'apk_sub_brand_missing' });
    else if (model && !model.rowCount) problems.push({ field: 'productCode', code: 'apk_model_missing' });
    else if (!draft.subBrandCode && draft.productCode)
      problems.push({ field: 'subBrandCode', code: 'apk_sub_brand_missing' });
    const byCode = new Map((files?.rows ?? []).map((r) => [r.file_code, r]));
    for (const picture of APK_PICTURES) {
      const code = draft[picture];
      if (code && byCode.get(code)?.purpose !== APK_PICTURE_PURPOSE[picture])
        problems.push({
          field: picture,
          code: APK_PICTURE_PURPOSE[picture] === 'video' ? 'apk_video_missing' : 'apk_picture_missing',
        });
    }
    const apkFile = draft.apkFileCode ? byCode.get(draft.apkFileCode) : undefined;
    if (draft.apkFileCode && apkFile?.purpose !== 'apk')
      problems.push({ field: 'apkFileCode', code: 'apk_file_missing' });
    return {
      content: { ...draft, fileSize: apkFile?.purpose === 'apk' ? Number(apkFile.size) : null },
      async check() {
        if (problems.length === 0) return;
        const fieldErrors: Record<string, string> = {};
        for (const p of problems) fieldErrors[p.field] ??= translate(p.code, lang, p.params ?? {}) ?? p.code;
        throw new AppError(400, problems[0]!.code, problems[0]!.params ?? {}, { fieldErrors });
      },
    };
  }
}
