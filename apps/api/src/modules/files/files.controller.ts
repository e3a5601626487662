import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AppError, notFound } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiFileAnswer } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { Db } from '../../infra/db.js';
import { FILE_KINDS, MAX_UPLOAD_BYTES, recordFile, storagePathOf, type FileKind } from '@kb/platform';
import { receiveUpload, type StagedFile } from './upload-stream.js';
import { Permission } from '../../common/permission.decorator.js';
import { uploadedFileSchema } from '@kb/contracts';

const downloadQuery = z.object({ fileCode: z.string().uuid({ message: 'not_found' }) });

const DEFAULT_PURPOSE = 'image';

function kindOf(purpose: string | undefined): FileKind {
  const key = purpose ?? DEFAULT_PURPOSE;
  // Own keys only: a purpose such as `__proto__` must not find Object.prototype.
  const kind = Object.hasOwn(FILE_KINDS, key) ? FILE_KINDS[key] : undefined;
  if (!kind) throw new AppError(400, 'file_purpose_invalid');
  return kind;
}

const tooLarge = (kind: FileKind) => new AppError(413, 'file_too_large', { limit: kind.limitText });

@ApiTags('files')
@Controller('file')
export class FilesController {
  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Permission('file.upload')
  @Post('upload')
  @ApiAnswer(uploadedFileSchema)
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Upload a file: purpose image (jpg/png ≤300 KB), video, audio, zip, apk or list; checked by its bytes. ' +
      'Send `purpose` before `file`: the size limit is then enforced while the file is read.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        purpose: { type: 'string', enum: Object.keys(FILE_KINDS), default: DEFAULT_PURPOSE },
        file: { type: 'string', format: 'binary' },
      },
    },
  })
  async upload(@Req() req: Request) {
    const brand = requestContext.brand();
    const staging = path.resolve(this.config.FILES_DIR, '.incoming');
    await mkdir(staging, { recursive: true });
    // The purpose usually comes first and sets the limit; a file sent before any purpose is read up to the
    // largest limit of all (still to disk, never into memory) and judged by its purpose at the end.
    const { fields, file } = await receiveUpload(req, staging, (before) => {
      if (before.purpose === undefined) {
        return { maxBytes: MAX_UPLOAD_BYTES, tooLarge: new AppError(413, 'payload_too_large') };
      }
      const kind = kindOf(before.purpose);
      return { maxBytes: kind.maxBytes, tooLarge: tooLarge(kind) };
    });
    try {
      return await this.store(brand, fields.purpose, file);
    } finally {
      if (file) await rm(file.path, { force: true });
    }
  }

  private async store(brand: string, purposeField: string | undefined, file: StagedFile | null) {
    const purpose = purposeField ?? DEFAULT_PURPOSE;
    const kind = kindOf(purpose);
    if (!file) throw new AppError(400, 'file_required');
    const name = file.name;
    if (!name) throw new AppError(400, 'file_name_empty');
    if (file.size > kind.maxBytes) throw tooLarge(kind);
    const mime = kind.accepts(await fileTypeFromBuffer(file.head), file.head, name);
    if (!mime) throw new AppError(415, 'file_type_wrong', { types: kind.typesText });

    const fileCode = randomUUID();
    const target = path.resolve(this.config.FILES_DIR, storagePathOf(brand, fileCode));
    await mkdir(path.dirname(target), { recursive: true });
    // Staged beside the store, then renamed: a crash never leaves a half-written file under a recorded code.
    await rename(file.path, target);
    try {
      await recordFile(this.db.pool, {
        fileCode,
        brand,
        purpose,
        mime,
        size: file.size,
        name: name.slice(0, 255),
        sha256: file.sha256,
        createdBy: requestContext.user().account,
      });
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return ok({ fileCode, url: `/api/file/download?fileCode=${fileCode}`, name, size: file.size, mime });
  }

  @Permission('read')
  @Get('download')
  @ApiOperation({ summary: 'Stream a file of the caller’s brand' })
  @ApiFileAnswer('application/octet-stream')
  @ApiQuery({ name: 'fileCode', required: true })
  async download(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { fileCode } = parseInput(downloadQuery, query);
    const rows = await this.db.scoped<{
      mime: string;
      size: number;
      original_name: string;
      storage_path: string;
    }>(
      'SELECT mime, size, original_name, storage_path FROM files WHERE brand_owner_code = $1 AND file_code = $2',
      [fileCode],
    );
    const file = rows[0];
    if (!file) throw notFound();
    sendStoredFile(res, this.config, file);
  }
}

/** Streams a stored file (the download, and the public H5 page's images) with headers that never run it as a page. */
export function sendStoredFile(
  res: Response,
  config: Pick<AppConfig, 'FILES_DIR'>,
  file: { mime: string; size: number; original_name: string; storage_path: string },
): void {
  const stream = createReadStream(path.resolve(config.FILES_DIR, file.storage_path));
  stream.on('error', () => {
    if (!res.headersSent) res.status(404).json({ status: 404, desc: 'not found', data: null });
    else res.destroy();
  });
  res.setHeader('Content-Type', file.mime);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', 'private, max-age=86400');
  // Uploaded bytes are never run as a page: no type sniffing, no scripts, and only images open in place.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
  res.setHeader(
    'Content-Disposition',
    `${disposition}; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
  );
  stream.pipe(res);
}
