import { z } from 'zod';
import { id, int, maybe, str, time } from './answer-parts.js';
import { AUDIT_KINDS } from './audit.js';
import type { AuditComparison, AuditEndedPage, AuditHistory, AuditState } from './audit.js';
import { LIST_NAMES, SORT_ORDERS } from './list-sort.js';
import { savedViewStateSchema } from './saved-view.js';
import type { SavedView } from './saved-view.js';
import { SEARCH_KINDS } from './search.js';
import type { SearchAnswer } from './search.js';
import { staffPreferencesSchema } from './auth.js';
import type { StaffPreferences } from './auth.js';
import type { BrandLanguage, OnlineCategory } from './catalog.js';
import type { BrandIndexCount, CategoryRankingItem, PublicConfig, RecipeRankingItem } from './home.js';
import { DICT_TYPES } from './reference.js';
import type { DictItem } from './reference.js';
import type { H5Share, RecipeShareId } from './content.js';
import { pageSchema } from './answer-schemas.js';
import {
  DELIVERY_STATES,
  NOTICE_FAILURE_CODES,
  NOTICE_PUSH_MODES,
  NOTICE_STATES,
  NOTICE_TARGET_KINDS,
} from './notice.js';
import type {
  Notice,
  NoticeAccounts,
  NoticeAckPoint,
  NoticeDelivery,
  NoticeListItem,
  NoticePushHealth,
} from './notice.js';

/**
 * The answers of the console's shared screens as schemas (history, saved views, search, preferences, languages,
 * pickers' lookups, home, online categories, H5 shares, uploads): the OpenAPI document's response schemas, each
 * typed by the interface the web reads where there is one.
 */

/** What answers nothing but its desc (`data: null`). */
export const noDataSchema = z.null();

// ---- a record's history

const auditValue = z.object({ text: str(), fileCode: maybe().optional() });
const auditChange = z.object({
  label: str(),
  op: z.enum(['added', 'removed', 'changed']),
  before: auditValue.nullable(),
  after: auditValue.nullable(),
});

export const auditHistorySchema: z.ZodType<AuditHistory> = z.object({
  kind: z.enum(AUDIT_KINDS),
  id,
  number: str(),
  status: str(),
  ended: z.boolean(),
  entries: z.array(
    z.object({
      revision: int,
      eventId: str(),
      title: str(),
      actor: str(),
      occurredAt: time,
      status: str(),
      reason: maybe(),
      changes: z.array(auditChange),
    }),
  ),
});

const nameMap = z.record(str(), str());
export const auditStateSchema: z.ZodType<AuditState> = z.object({
  kind: z.enum(AUDIT_KINDS),
  id,
  revision: int,
  occurredAt: time,
  state: z.unknown().describe('The aggregate’s state as the event store folds it'),
  names: z.object({
    units: nameMap,
    tags: nameMap,
    accessories: nameMap,
    models: nameMap,
    categories: nameMap,
    recipes: nameMap,
  }),
});

export const auditComparisonSchema: z.ZodType<AuditComparison> = z.object({
  from: int,
  to: int,
  changes: z.array(auditChange),
});

export const auditEndedPageSchema: z.ZodType<AuditEndedPage> = z.object({
  items: z.array(
    z.object({
      kind: z.enum(AUDIT_KINDS),
      id,
      number: str(),
      status: str(),
      endedAt: time,
      endedBy: str(),
      cursor: str(),
    }),
  ),
  next: maybe(),
});

// ---- saved views, search, preferences

export const savedViewSchema: z.ZodType<SavedView> = z.object({
  id,
  list: z.enum(LIST_NAMES),
  name: str(),
  state: savedViewStateSchema.extend({ order: z.enum(SORT_ORDERS).optional() }),
  shared: z.boolean(),
  owner: str(),
  mine: z.boolean(),
  deletable: z.boolean(),
  updatedAt: time,
});

export const searchAnswerSchema: z.ZodType<SearchAnswer> = z.object({
  hits: z.array(z.object({ kind: z.enum(SEARCH_KINDS), id: str(), title: str(), detail: maybe() })),
});

export const staffPreferencesAnswerSchema: z.ZodType<StaffPreferences> = staffPreferencesSchema;

// ---- languages and the pickers' lookups

export const brandLanguageSchema: z.ZodType<BrandLanguage> = z.object({
  langCode: str(),
  langName: str(),
  nativeName: str(),
  supported: z.boolean(),
  main: z.boolean(),
});

/** The brand's languages as saved: their codes and the main one. */
export const brandLanguagesSavedSchema = z.object({ codes: z.array(str()), main: str() });

export const productSchema = z.object({
  productCode: str(),
  productName: str(),
  potType: str(),
  factoryModel: str(),
});
export type Product = z.output<typeof productSchema>;

export const subBrandSchema = z.object({ subBrandCode: str(), subBrandName: str() });
export type SubBrand = z.output<typeof subBrandSchema>;

export const subBrandProductSchema = productSchema.extend({ customerModel: str() });
export type SubBrandProduct = z.output<typeof subBrandProductSchema>;

/** Brand → sub-brands → models, for cascading pickers (a model's node carries its pot type). */
export const productTreeNodeSchema = z.object({
  value: str(),
  label: str(),
  children: z.array(
    z.object({
      value: str(),
      label: str(),
      children: z.array(z.object({ value: str(), label: str(), potType: str() })),
    }),
  ),
});
export type ProductTreeNode = z.output<typeof productTreeNodeSchema>;

export const countrySchema = z.object({
  countryCode: str(),
  countryName: str(),
  nameZh: str(),
  nameEn: str(),
});
export type Country = z.output<typeof countrySchema>;

export const areaSchema = z.object({
  areaCode: str(),
  countryCode: str(),
  parentCode: maybe(),
  areaName: str(),
  level: int,
});
export type Area = z.output<typeof areaSchema>;

export const dictItemSchema: z.ZodType<DictItem> = z.object({
  dictType: z.enum(DICT_TYPES),
  code: str(),
  name: str(),
  nameZh: str(),
  nameEn: str(),
  sort: int,
});

export const systemLanguageSchema = z.object({ langCode: str(), langName: str(), nativeName: str() });

/** The device SDK's modes: each working mode as the catalogue defines it, named, and the heating modes. */
export const deviceModesSchema = z.object({
  workModes: z.array(z.object({ code: str(), name: str(), notes: str().optional() }).catchall(z.unknown())),
  heatingModes: z.array(z.object({ code: str(), name: str() })),
});

export const tagByLangSchema = z.object({ id, number: str(), name: str() });

export const accessoryChoiceSchema = z.object({
  id,
  number: str(),
  name: str(),
  photo: str(),
  xtPhoto: maybe(),
  code: str(),
  accessoryCode: str(),
  type: str(),
});

// ---- home

export const brandIndexCountSchema: z.ZodType<BrandIndexCount> = z.object({
  recipeCount: int,
  recycledRecipeCount: int,
  recipeCategoryCount: int,
  deviceCount: int,
  onlineDeviceCount: int,
  activatedDeviceCount: int,
  userCount: int,
});

export const recipeRankingItemSchema: z.ZodType<RecipeRankingItem> = z.object({
  recipeId: str(),
  recipeNumber: str(),
  recipeName: str(),
  count: int,
});

export const categoryRankingItemSchema: z.ZodType<CategoryRankingItem> = z.object({
  categoryId: str(),
  categoryNumber: str(),
  categoryName: str(),
  count: int,
});

export const publicConfigSchema: z.ZodType<PublicConfig> = z.object({ companyName: maybe() });

const probe = z.object({ ok: z.boolean(), ms: z.number(), error: str().optional() });
/** `GET /api/health`: each dependency's probe, the read side's state and why it is degraded, if it is. */
export const healthSchema = z.object({
  postgres: probe,
  redis: probe,
  eventStore: probe.extend({ appends: z.object({ ok: z.boolean() }).catchall(z.unknown()) }),
  readModels: z
    .object({
      ok: z.boolean(),
      lag: z.array(z.object({ name: str(), lagMs: z.number(), behind: z.number() })).nullable(),
      maxLagMs: z.number(),
    })
    .catchall(z.unknown()),
  reasons: z.array(str()),
});

// ---- online categories

const onlineCategoryFields = {
  id,
  names: nameMap,
  name: str(),
  sort: int,
  pictureFileCode: maybe(),
  recipeCount: int,
};
export const onlineCategorySchema: z.ZodType<OnlineCategory> = z.object(onlineCategoryFields);

export const onlineCategoryDetailSchema = z.object({
  ...onlineCategoryFields,
  recipes: z.array(z.object({ recipeId: str(), sort: int })),
});
export type OnlineCategoryDetail = z.output<typeof onlineCategoryDetailSchema>;

export const idListSchema = z.object({ ids: z.array(id) });
export const addedSchema = z.object({ added: int });
export const removedSchema = z.object({ removed: int });

// ---- H5 shares and uploads

const h5Image = str().describe('`/api/h5/image?share=…&file=…`');
export const h5ShareSchema: z.ZodType<H5Share> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('recipe'),
    shareId: str(),
    lang: str(),
    name: str(),
    pictureUrl: h5Image.nullable(),
    description: str(),
    servings: z.number().nullable(),
    ingredients: z.array(
      z.object({ name: str(), quantity: z.number().nullable(), unit: str(), description: str() }),
    ),
    steps: z.array(
      z.object({
        number: int,
        description: str(),
        pictureUrl: h5Image.nullable(),
        minutes: z.number().nullable(),
        seconds: z.number().nullable(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('group'),
    shareId: str(),
    lang: str(),
    name: str(),
    coverUrl: h5Image.nullable(),
    description: str(),
    recipes: z.array(
      z.object({ shareId: str(), name: str(), pictureUrl: h5Image.nullable(), description: str() }),
    ),
  }),
]);

export const recipeShareIdSchema: z.ZodType<RecipeShareId> = z.object({ recipeId: str(), shareId: str() });

/** `POST /api/file/upload`: the stored file's code (what records name), where to read it, its name, size, type. */
export const uploadedFileSchema = z.object({
  fileCode: id,
  url: str(),
  name: str(),
  size: int,
  mime: str(),
});
export type UploadedFile = z.output<typeof uploadedFileSchema>;

// ---- notices

const noticeItemFields = {
  id,
  version: int,
  number: str(),
  label: str(),
  title: str(),
  pushMode: z.enum(NOTICE_PUSH_MODES),
  pushAt: time.nullable(),
  state: z.enum(NOTICE_STATES),
  targetCount: int,
  receivedCount: int,
  readCount: int,
  progress: z.number(),
  pushStartedAt: time.nullable(),
  pushedAt: time.nullable(),
  overdueCount: int,
  overdueAfterMinutes: z.number(),
  failureCode: z.enum(NOTICE_FAILURE_CODES).nullable(),
  failureDetail: maybe(),
  failedAt: time.nullable(),
  createdAt: time,
  createdBy: str(),
  updatedAt: time,
};

export const noticeListItemSchema: z.ZodType<NoticeListItem> = z.object({
  ...noticeItemFields,
  targetKind: z.enum(NOTICE_TARGET_KINDS),
});
export const noticePageSchema = pageSchema(noticeListItemSchema);

export const noticeSchema: z.ZodType<Notice> = z.object({
  ...noticeItemFields,
  texts: z.array(z.object({ lang: str(), title: str(), content: str() })),
  targets: z.object({
    kind: z.enum(NOTICE_TARGET_KINDS),
    regionCodes: z.array(str()),
    regionNames: z.array(str()),
    productCodes: z.array(str()),
    productNames: z.array(str()),
    userFileCode: maybe(),
    userFileName: maybe(),
    userCount: int,
    unknownAccounts: z.array(str()),
    unknownCount: int,
  }),
});

export const noticeAccountsSchema: z.ZodType<NoticeAccounts> = z.object({
  fileName: str(),
  known: int,
  unknown: z.array(str()),
  unknownCount: int,
});

export const noticePushHealthSchema: z.ZodType<NoticePushHealth> = z.object({
  pushing: int,
  failed: int,
  overdue: int,
  overdueAfterMinutes: z.number(),
  lastPushedAt: time.nullable(),
});

export const noticeAckPointSchema: z.ZodType<NoticeAckPoint> = z.object({
  at: time,
  received: int,
  read: int,
  receivedTotal: int,
  readTotal: int,
});

export const noticeDeliverySchema: z.ZodType<NoticeDelivery> = z.object({
  targetId: str(),
  targetType: z.enum(['device', 'appUser']),
  targetName: str(),
  state: z.enum(DELIVERY_STATES),
  createdAt: time,
  receivedAt: time.nullable(),
  readAt: time.nullable(),
});
