import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { OfflinePackBuild, OfflinePackContent, UiLang } from '@kb/contracts';
import { DomainError } from '@kb/domain';
import {
  failJobRun,
  insertJobRun,
  OFFLINE_PACK_BUILD_JOB,
  OFFLINE_PACK_BUILD_QUEUE,
  offlinePackBuildSchema,
  type OfflinePackBuildJob,
  withJobTrace,
} from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import { offlinePackAggregate, type Actor, type AggregateStreams } from '@kb/aggregates';
import type { OfflinePackEvent, OfflinePackState } from '@kb/domain';
import { translate } from '../../common/messages.js';
import { PG_POOL } from '../../infra/tokens.js';
import { JobLauncher } from '../jobs/job-launcher.js';
import { streamsOf } from '../../common/aggregate-kit/aggregate-providers.js';

/** An `offline_pack_builds` row as `to_jsonb` gives it (timestamps as ISO text). */
export interface OfflinePackBuildRow {
  build_id: string;
  pack_id: string;
  revision: number | string;
  content_digest: string;
  status: OfflinePackBuild['status'];
  progress: number;
  file_size: number | string | null;
  sha256: string | null;
  error_code: string | null;
  error_params: Record<string, string | number> | null;
  requested_by: string;
  requested_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
}

type DigestedContent = Pick<
  OfflinePackContent,
  'number' | 'type' | 'productCode' | 'subBrandCode' | 'recipeIds'
>;

/** What a build is built from, in one string: a build is current while the pack's content digests the same. */
export function offlinePackContentDigest(content: DigestedContent): string {
  const canonical = JSON.stringify([
    content.number,
    content.type,
    content.productCode,
    content.subBrandCode,
    content.recipeIds.map((id) => id.toLowerCase()),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The download's file name: the pack number, its type and the revision built. */
export const offlinePackFileName = (number: string, type: string, revision: number) =>
  `${number}-${type}-r${revision}.zip`;

export function toOfflinePackBuild(
  row: OfflinePackBuildRow,
  content: DigestedContent,
  lang: UiLang,
): OfflinePackBuild {
  const revision = Number(row.revision);
  const done = row.status === 'done';
  return {
    id: row.build_id,
    revision,
    status: row.status,
    progress: row.progress,
    current: row.content_digest === offlinePackContentDigest(content),
    fileName: done ? offlinePackFileName(content.number, content.type ?? 'initial', revision) : null,
    size: done && row.file_size !== null ? Number(row.file_size) : null,
    sha256: done ? row.sha256 : null,
    error: row.error_code
      ? (translate(row.error_code, lang, row.error_params ?? {}) ?? row.error_code)
      : null,
    errorCode: row.error_code,
    requestedAt: iso(row.requested_at)!,
    requestedBy: row.requested_by,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

const LATEST = `SELECT to_jsonb(b) AS build FROM offline_pack_builds b
  WHERE b.brand_owner_code = $1 AND b.pack_id = $2 ORDER BY b.requested_at DESC LIMIT 1`;

/**
 * Builds of pack files: the API records a build request (`queued`) and enqueues the `build-pack` job that
 * device-ingest works; the worker writes the file and fills in progress, outcome, path and checksum. Publishing a
 * pack (test or online) needs a finished build of its current content; going online marks that build released, the
 * baseline of the model's next incremental pack.
 */
@Injectable()
export class OfflinePackBuilds {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(streamsOf(offlinePackAggregate))
    private readonly streams: AggregateStreams<OfflinePackEvent, OfflinePackState>,
    private readonly jobs: JobLauncher,
  ) {}

  /**
   * Starts a build of the pack as its stream has it now. A build of the same content already waiting or running is
   * answered instead of a second one; an online pack is not rebuilt (its file is what devices have).
   */
  async request(actor: Actor, packId: string): Promise<OfflinePackBuild> {
    const loaded = await this.streams.load(actor.brand, packId);
    const state = loaded.state;
    if (state.status !== 'active') throw new DomainError(404, 'offline_pack_not_found');
    if (state.releaseStatus === 'online')
      throw new AppError(409, 'offline_pack_build_online', { name: state.content.number });
    const content = state.content;
    const digest = offlinePackContentDigest(content);
    const pending = await this.latestRow(actor.brand, packId);
    if (
      pending &&
      (pending.status === 'queued' || pending.status === 'running') &&
      pending.content_digest === digest
    )
      return toOfflinePackBuild(pending, content, actor.lang);
    const buildId = randomUUID();
    const job: OfflinePackBuildJob = offlinePackBuildSchema.parse({
      brandOwnerCode: actor.brand,
      actor: actor.account,
      correlationId: actor.correlationId,
      packId,
      buildId,
      revision: loaded.revision,
      content: {
        number: content.number,
        type: content.type,
        productCode: content.productCode,
        subBrandCode: content.subBrandCode,
        recipeIds: content.recipeIds,
      },
    });
    // The build's run in the job kit (same id): the worker records progress and failure there and mirrors it here.
    await insertJobRun(this.pool, {
      id: buildId,
      kind: 'offline-pack-build',
      brandOwnerCode: actor.brand,
      startedBy: actor.account,
      params: { packId, number: content.number, type: content.type },
      total: 100,
    });
    await this.pool.query(
      `INSERT INTO offline_pack_builds (build_id, pack_id, brand_owner_code, revision, content_digest, pack_type,
         product_code, sub_brand_code, status, requested_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued', $9)`,
      [
        buildId,
        packId,
        actor.brand,
        loaded.revision,
        digest,
        content.type,
        content.productCode,
        content.subBrandCode,
        actor.account,
      ],
    );
    try {
      await this.jobs
        .queue(OFFLINE_PACK_BUILD_QUEUE)
        .add(OFFLINE_PACK_BUILD_JOB, withJobTrace(job), { jobId: buildId });
    } catch (error) {
      await failJobRun(this.pool, buildId, 'offline_pack_build_queue_down');
      await this.pool.query(
        `UPDATE offline_pack_builds SET status = 'failed', error_code = 'offline_pack_build_queue_down',
           finished_at = now() WHERE build_id = $1`,
        [buildId],
      );
      throw new AppError(503, 'offline_pack_build_queue_down', {}, { cause: (error as Error).message });
    }
    const row = await this.latestRow(actor.brand, packId);
    return toOfflinePackBuild(row!, content, actor.lang);
  }

  /** The pack's newest build, or null (404 when the pack is not the caller's). */
  async latest(brand: string, packId: string, lang: UiLang): Promise<OfflinePackBuild | null> {
    const loaded = await this.streams.load(brand, packId);
    if (loaded.state.status !== 'active') throw new DomainError(404, 'offline_pack_not_found');
    const row = await this.latestRow(brand, packId);
    return row ? toOfflinePackBuild(row, loaded.state.content, lang) : null;
  }

  /** The finished build of exactly this content, newest first, or null. */
  async currentDone(brand: string, packId: string, content: DigestedContent): Promise<string | null> {
    const { rows } = await this.pool.query<{ build_id: string }>(
      `SELECT build_id::text FROM offline_pack_builds
        WHERE brand_owner_code = $1 AND pack_id = $2 AND status = 'done' AND content_digest = $3
        ORDER BY requested_at DESC LIMIT 1`,
      [brand, packId, offlinePackContentDigest(content)],
    );
    return rows[0]?.build_id ?? null;
  }

  /** Throws 409 unless the content has a finished build: devices get a file, not a promise of one. */
  async requireCurrent(brand: string, packId: string, content: DigestedContent): Promise<string> {
    const buildId = await this.currentDone(brand, packId, content);
    if (!buildId) throw new AppError(409, 'offline_pack_not_built', { name: content.number });
    return buildId;
  }

  /** Marks the build that went online: the next incremental pack of the model is built against it. */
  async markReleased(buildId: string): Promise<void> {
    await this.pool.query('UPDATE offline_pack_builds SET released_at = now() WHERE build_id = $1', [
      buildId,
    ]);
  }

  /** The newest finished build's file of a pack of the brand, for download; null when none. */
  async downloadable(
    brand: string,
    packId: string,
  ): Promise<{ filePath: string; size: number; sha256: string; fileName: string } | null> {
    const { rows } = await this.pool.query<{
      file_path: string;
      file_size: string;
      sha256: string;
      revision: string;
      number: string;
      type: string;
    }>(
      `SELECT b.file_path, b.file_size, b.sha256, b.revision, o.number, b.pack_type AS type
         FROM offline_pack_builds b JOIN offline_pack_list o ON o.pack_id = b.pack_id AND o.brand_owner_code = $1
        WHERE b.brand_owner_code = $1 AND b.pack_id = $2 AND b.status = 'done' AND b.file_path IS NOT NULL
        ORDER BY b.requested_at DESC LIMIT 1`,
      [brand, packId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      filePath: row.file_path,
      size: Number(row.file_size),
      sha256: row.sha256,
      fileName: offlinePackFileName(row.number, row.type, Number(row.revision)),
    };
  }

  private async latestRow(brand: string, packId: string): Promise<OfflinePackBuildRow | null> {
    const { rows } = await this.pool.query<{ build: OfflinePackBuildRow }>(LATEST, [brand, packId]);
    return rows[0]?.build ?? null;
  }
}
