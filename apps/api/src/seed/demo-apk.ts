import { createCanvas } from '@napi-rs/canvas';
import type pg from 'pg';
import {
  APK_PICTURE_PURPOSE,
  APK_PICTURES,
  apkContentSchema,
  type ApkContentInput,
  type ApkPicture,
} from '@kb/contracts';
import type { EventStore } from '@kb/event-store';
import type { AppConfig } from '../config.js';
import {
  AggregateStreams,
  apkAggregate,
  commandPath,
  createApk,
  singleOutcome,
  type Actor,
} from '@kb/aggregates';
import type { ApkCommand } from '@kb/domain';
import { ApkReferences } from '../modules/apk-packages/apk-references.js';
import { ensureSeedFile } from '@kb/platform';

/** Where a demo package ends up: each step is a command of the real command path. */
type Lifecycle = 'draft' | 'pending_review' | 'returned' | 'created' | 'testing' | 'online';

interface DemoApk {
  id: string;
  content: ApkContentInput;
  lifecycle: Lifecycle;
  /** Without its pictures (a draft still being prepared). */
  bare?: boolean;
  returnReason?: string;
}

const BRAND = 'DEMO';
/** Who submits (an admin) and who audits (the auditor): nobody audits their own submission. */
const SUBMITTER = 'demo';
const AUDITOR = 'audit';

/** The demo's picture resources: one uploaded file of the brand per field (fixed codes, so reruns keep them). */
const PICTURE_CODES: Record<ApkPicture, string> = Object.fromEntries(
  APK_PICTURES.map((field, i) => [field, `a9c0de00-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`]),
) as Record<ApkPicture, string>;
const APK_FILE_CODE = 'a9c0de00-0000-4000-8000-000000000200';

/** DEMO's packages, one of each state; sub-brands ChefMate and BakeHome (AirCrisp is left to the tests). */
const DEMO_APKS: DemoApk[] = [
  {
    id: 'a9c0de00-0000-4000-8000-000000000001',
    lifecycle: 'online',
    content: {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: '1.0.0',
      // What the demo TM-6 devices of ChefMate report (but the first), so the list shows them installed.
      apkVersion: '2.0.3',
      parentVersion: '',
      updateNotes: '首个正式版本：开机动画、屏保和模式入口。',
      branchPackage: 'release/1.0',
      modeName: '智能烹饪',
    },
  },
  {
    id: 'a9c0de00-0000-4000-8000-000000000002',
    lifecycle: 'testing',
    content: {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: '1.1.0',
      apkVersion: '1.1.0.120',
      parentVersion: '1.0.0',
      updateNotes: '新增在线菜谱入口背景；修复屏保闪烁。',
      branchPackage: 'release/1.1',
      modeName: '智能烹饪',
    },
  },
  {
    id: 'a9c0de00-0000-4000-8000-000000000003',
    lifecycle: 'pending_review',
    content: {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-7',
      versionNumber: '1.2.0',
      apkVersion: '1.2.0.130',
      parentVersion: '1.1.0',
      updateNotes: 'C7 适配：新的模式图标和账号背景。',
      branchPackage: 'release/1.2',
      modeName: '大师模式',
    },
  },
  {
    id: 'a9c0de00-0000-4000-8000-000000000004',
    lifecycle: 'returned',
    returnReason: '开机视频与品牌规范不符，请更换后重新提交',
    content: {
      subBrandCode: 'DEMO-BAKE',
      productCode: 'OV-40',
      versionNumber: '1.0.0',
      apkVersion: '1.0.0.90',
      parentVersion: '',
      updateNotes: 'BakeHome 烤箱首版。',
      branchPackage: 'oven/main',
      modeName: '烘焙',
    },
  },
  {
    id: 'a9c0de00-0000-4000-8000-000000000005',
    lifecycle: 'draft',
    bare: true,
    content: {
      subBrandCode: 'DEMO-BAKE',
      productCode: 'SM-3',
      versionNumber: '0.9.0',
      apkVersion: '',
      parentVersion: '',
      updateNotes: '厨师机版本准备中，图片资源待补充。',
      branchPackage: 'mixer/dev',
      modeName: '',
    },
  },
];

/** A device screen in the brand's colours: a believable picture (PNG, a few KB) without shipping binary files. */
function drawScreen(hue: number): Buffer {
  const canvas = createCanvas(480, 270);
  const ctx = canvas.getContext('2d');
  const background = ctx.createLinearGradient(0, 0, 480, 270);
  background.addColorStop(0, `hsl(${hue}, 55%, 35%)`);
  background.addColorStop(1, `hsl(${(hue + 40) % 360}, 60%, 60%)`);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, 480, 270);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.beginPath();
  ctx.arc(240, 120, 56, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = `hsl(${hue}, 70%, 45%)`;
  ctx.fillRect(204, 104, 72, 32);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.6)';
  for (let i = 0; i < 4; i++) ctx.fillRect(60 + i * 95, 215, 75, 18);
  return canvas.toBuffer('image/png');
}

/** Bytes the upload accepts as an MP4 video (an `ftyp` box) and as an APK (a zip named .apk). */
const BOOT_VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(512, 7)]);
const APK_FILE = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

async function ensureDemoFiles(pool: pg.Pool, config: AppConfig) {
  for (const [i, field] of APK_PICTURES.entries()) {
    const video = APK_PICTURE_PURPOSE[field] === 'video';
    await ensureSeedFile(pool, config.FILES_DIR, {
      fileCode: PICTURE_CODES[field],
      brand: BRAND,
      purpose: video ? 'video' : 'image',
      mime: video ? 'video/mp4' : 'image/png',
      name: video ? 'boot.mp4' : `${field}.png`,
      bytes: () => (video ? BOOT_VIDEO : drawScreen((i * 36) % 360)),
    });
  }
  await ensureSeedFile(pool, config.FILES_DIR, {
    fileCode: APK_FILE_CODE,
    brand: BRAND,
    purpose: 'apk',
    mime: 'application/vnd.android.package-archive',
    name: 'chefmate-1.0.0.apk',
    bytes: () => APK_FILE,
  });
}

/**
 * Demo APK packages of DEMO (`SEED_DEMO=true`), one in each state, made through the command handlers like any
 * staff action (demo submits, audit audits), so their streams, history and read models are real. Idempotent:
 * fixed ids, a package whose stream exists is left alone.
 */
export async function seedDemoApks(pool: pg.Pool, store: EventStore, config: AppConfig): Promise<void> {
  const streams = new AggregateStreams(store, apkAggregate.storage);
  const path = commandPath(apkAggregate, streams);
  const references = new ApkReferences(pool);
  const at = () => new Date().toISOString();
  const audit = async (ids: string[], command: ApkCommand) =>
    singleOutcome(await path.runMany(auditor, ids, () => [command]), apkAggregate.notFound);
  const actor = (account: string, role: Actor['role']): Actor => ({
    brand: BRAND,
    account,
    role,
    correlationId: 'seed-demo-apks',
    lang: 'zh',
  });
  const submitter = actor(SUBMITTER, 'admin');
  const auditor = actor(AUDITOR, 'auditor');
  let filesReady = false;
  for (const apk of DEMO_APKS) {
    if ((await streams.load(BRAND, apk.id)).revision >= 0) continue;
    if (!filesReady) {
      await ensureDemoFiles(pool, config);
      filesReady = true;
    }
    const content = apkContentSchema.parse({
      ...apk.content,
      ...(apk.bare ? {} : { ...PICTURE_CODES, apkFileCode: APK_FILE_CODE }),
    });
    await createApk(path, references, submitter, content, apk.lifecycle !== 'draft', apk.id);
    if (apk.lifecycle === 'draft' || apk.lifecycle === 'pending_review') continue;
    const ids = [apk.id];
    if (apk.lifecycle === 'returned') {
      await audit(ids, { type: 'ReturnApk', by: AUDITOR, reason: apk.returnReason ?? '', at: at() });
      continue;
    }
    await audit(ids, { type: 'PassApkAudit', by: AUDITOR, at: at() });
    if (apk.lifecycle === 'testing' || apk.lifecycle === 'online')
      await path.run(submitter, apk.id, () => [{ type: 'PublishApkTest', at: at() }]);
    if (apk.lifecycle === 'online')
      await path.run(submitter, apk.id, () => [{ type: 'PublishApkOnline', at: at() }]);
  }
}
