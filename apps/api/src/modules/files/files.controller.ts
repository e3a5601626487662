import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError, notFound } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { Db } from '../../infra/db.js';
import { FILE_KINDS, MAX_UPLOAD_BYTES } from './file-kinds.js';
import { Permission } from '../../common/permission.decorator.js';

const downloadQuery = z.object({ fileCode: z.string().uuid({ message: 'not_found' }) });

interface UploadedBlob {
  originalname: string;
  size: number;
  buffer: Buffer;
}

@ApiTags('files')
@Controller('file')
export class FilesController {
  constructor(
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Permission('file.upload')
  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Upload a file: purpose image (jpg/png ≤300 KB), video, audio, zip, apk or list; checked by its bytes',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        purpose: { type: 'string', enum: Object.keys(FILE_KINDS), default: 'image' },
      },
    },
  })
  async upload(@UploadedFile() file: UploadedBlob | undefined, @Body() body: { purpose?: string }) {
    const purpose = body?.purpose ?? 'image';
    // Own keys only: a purpose such as `__proto__` must not find Object.prototype.
    const kind = Object.hasOwn(FILE_KINDS, purpose) ? FILE_KINDS[purpose] : undefined;
    if (!kind) throw new AppError(400, 'file_purpose_invalid');
    if (!file) throw new AppError(400, 'file_required');
    const name = Buffer.from(file.originalname ?? '', 'latin1')
      .toString('utf8')
      .trim();
    if (!name) throw new AppError(400, 'file_name_empty');
    if (file.size > kind.maxBytes) throw new AppError(413, 'file_too_large', { limit: kind.limitText });
    const mime = kind.detect(file.buffer, name);
    if (!mime) throw new AppError(415, 'file_type_wrong', { types: kind.typesText });

    const brand = requestContext.brand();
    const fileCode = randomUUID();
    const relative = path.join(brand, fileCode.slice(0, 2), fileCode);
    const target = path.resolve(this.config.FILES_DIR, relative);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside, then rename: a crash never leaves a half-written file under a recorded code.
    await writeFile(`${target}.part`, file.buffer);
    await rename(`${target}.part`, target);
    try {
      await this.db.scoped(
        `INSERT INTO files (file_code, brand_owner_code, purpose, mime, size, original_name, storage_path, sha256, created_by)
         VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9)`,
        [
          fileCode,
          purpose,
          mime,
          file.size,
          name.slice(0, 255),
          relative,
          createHash('sha256').update(file.buffer).digest('hex'),
          requestContext.user().account,
        ],
      );
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return ok({ fileCode, url: `/api/file/download?fileCode=${fileCode}`, name, size: file.size, mime });
  }

  @Permission('read')
  @Get('download')
  @ApiOperation({ summary: 'Stream a file of the caller’s brand' })
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
    const stream = createReadStream(path.resolve(this.config.FILES_DIR, file.storage_path));
    stream.on('error', () => {
      if (!res.headersSent) res.status(404).json({ status: 404, desc: 'not found', data: null });
      else res.destroy();
    });
    res.setHeader('Content-Type', file.mime);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader(
      'Content-Disposition',
      `inline; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
    );
    stream.pipe(res);
  }
}
