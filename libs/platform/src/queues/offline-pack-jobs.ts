import { z } from 'zod';
import { staffJob } from './job-fields.js';

/**
 * Payload of the offline-pack build job (queue `offline-pack-build`, job `build-pack`). The API records the build in
 * `offline_pack_builds` (status `queued`) and enqueues this; device-ingest writes the pack file and the build's
 * progress, outcome, path and checksum into that row. The pack's content travels with the job, as the stream had
 * it at `revision`, so the worker never builds from a read model that has not caught up with the save.
 */
export const offlinePackBuildSchema = z.object({
  ...staffJob,
  packId: z.uuid(),
  /** Identifies the `offline_pack_builds` row this job fills (a retry of a build gets a new id). */
  buildId: z.uuid(),
  /** The pack's stream revision the content is from. */
  revision: z.number().int().min(0),
  content: z.object({
    number: z.string().min(1).max(32),
    type: z.enum(['initial', 'incremental']),
    productCode: z.string().min(1).max(64),
    subBrandCode: z.string().min(1).max(64),
    recipeIds: z.array(z.uuid()).min(1).max(2000),
  }),
});
export type OfflinePackBuildJob = z.infer<typeof offlinePackBuildSchema>;

/** Where a build is: waiting for the worker, being written, finished with a file, or failed with an error. */
export const OFFLINE_PACK_BUILD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type OfflinePackBuildStatus = (typeof OFFLINE_PACK_BUILD_STATUSES)[number];

/** The queue and job name, as `QUEUES` registers them. */
export const OFFLINE_PACK_BUILD_QUEUE = 'offline-pack-build';
export const OFFLINE_PACK_BUILD_JOB = 'build-pack';

/**
 * A pack file is stored under FILES_DIR at this path (relative), one file per build: a rebuild never overwrites
 * a file someone may be downloading.
 */
export function offlinePackFilePath(brandOwnerCode: string, packId: string, buildId: string): string {
  return `${brandOwnerCode}/offline-packs/${packId}/${buildId}.zip`;
}
