import type { StaffRole } from './auth.js';

/**
 * The permission matrix: what each staff role may do. The API checks it on every route (each route names one
 * permission) and the web app hides what the signed-in role lacks, both from this table.
 *
 * Rules behind it:
 * - anything that changes what devices or app users receive (recipe release, recall, online and paid status,
 *   APK and offline-pack test and online status, the test-device group those tests go to) needs an auditor or
 *   an admin, so that whoever writes content is not the one who ships it; so do app users' reviews, which an
 *   author could otherwise edit or remove under their own recipes;
 * - entering a review on an app user's behalf is the admin's alone: it is content app users read, so not the
 *   auditor's (who does not author), and not an author's (who could praise their own recipes);
 * - auditors review and ship but do not author content (recipes, APK packages, offline packs, reference data);
 * - what cannot be undone or concerns the whole brand (clearing recipes for good, the brand's languages, devices
 *   and their fault records, its staff accounts) is the admin's;
 * - a viewer reads everything and changes nothing but its own password and session.
 */
export const PERMISSION_GROUPS = {
  recipes: [
    'recipe.edit',
    'recipe.submit',
    'recipe.copy',
    'recipe.delete',
    'recipe.recycle',
    'recipe.clear',
    'recipe.release',
  ],
  apk: ['apk.edit', 'apk.submit', 'apk.audit', 'apk.test', 'apk.online', 'apk.rollout'],
  offlinePacks: ['offlinePack.edit', 'offlinePack.build', 'offlinePack.test', 'offlinePack.online'],
  referenceData: [
    'category.edit',
    'tag.edit',
    'unit.edit',
    'accessory.edit',
    'language.edit',
    'onlineCategory.edit',
    'file.upload',
  ],
  content: ['content.edit'],
  devices: ['device.edit', 'testDevice.edit', 'fault.delete'],
  reviews: ['review.add', 'review.edit'],
  audit: ['audit.read'],
  appUsers: ['appUser.edit'],
  notices: ['notice.edit', 'notice.push'],
  staff: ['staff.manage'],
  operations: ['queue.manage'],
  account: ['account.self'],
  reads: ['read'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

const ALL: readonly StaffRole[] = ['admin', 'editor', 'auditor', 'viewer'];
const AUTHORS: readonly StaffRole[] = ['admin', 'editor'];
const SHIPPERS: readonly StaffRole[] = ['admin', 'auditor'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** Permission → the roles that hold it. */
export const PERMISSION_ROLES: Readonly<Record<Permission, readonly StaffRole[]>> = {
  'recipe.edit': AUTHORS,
  'recipe.submit': AUTHORS,
  'recipe.copy': AUTHORS,
  'recipe.delete': AUTHORS,
  'recipe.recycle': AUTHORS,
  'recipe.clear': ADMIN,
  'recipe.release': SHIPPERS,
  'apk.edit': AUTHORS,
  'apk.submit': AUTHORS,
  'apk.audit': SHIPPERS,
  'apk.test': SHIPPERS,
  'apk.online': SHIPPERS,
  'apk.rollout': SHIPPERS,
  'offlinePack.edit': AUTHORS,
  'offlinePack.build': AUTHORS,
  'offlinePack.test': SHIPPERS,
  'offlinePack.online': SHIPPERS,
  'category.edit': AUTHORS,
  'tag.edit': AUTHORS,
  'unit.edit': AUTHORS,
  'accessory.edit': AUTHORS,
  'language.edit': ADMIN,
  'onlineCategory.edit': AUTHORS,
  'file.upload': AUTHORS,
  'content.edit': AUTHORS,
  'device.edit': ADMIN,
  'testDevice.edit': SHIPPERS,
  'fault.delete': ADMIN,
  'review.add': ADMIN,
  'review.edit': SHIPPERS,
  'audit.read': SHIPPERS,
  'appUser.edit': ADMIN,
  'queue.manage': ADMIN,
  'notice.edit': AUTHORS,
  'notice.push': SHIPPERS,
  'staff.manage': ADMIN,
  'account.self': ALL,
  read: ALL,
};

/** What each permission covers, for the API README's table and the no-permission message. */
export const PERMISSION_LABELS: Readonly<Record<Permission, { zh: string; en: string }>> = {
  'recipe.edit': {
    zh: '新增、编辑食谱，批量改分类、关联/解除机型',
    en: 'create and edit recipes, batch category, link/unlink models',
  },
  'recipe.submit': { zh: '提交食谱待发布（含批量）', en: 'submit recipes for release (one or batch)' },
  'recipe.copy': { zh: '复制食谱', en: 'copy a recipe' },
  'recipe.delete': { zh: '删除食谱到回收站（含批量）', en: 'move recipes to the recycle bin (one or batch)' },
  'recipe.recycle': { zh: '从回收站恢复食谱', en: 'recover recipes from the recycle bin' },
  'recipe.clear': { zh: '彻底清除回收站中的食谱', en: 'clear recipes from the recycle bin for good' },
  'recipe.release': {
    zh: '发布食谱到设备、撤回、设置上线和付费状态（批量）',
    en: 'release recipes to devices, recall them, set online and paid status (batch)',
  },
  'apk.edit': { zh: '新增、编辑、删除APK子包', en: 'create, edit and delete APK packages' },
  'apk.submit': {
    zh: '提交APK子包审核、撤回提交',
    en: 'submit APK packages for review or take a submission back',
  },
  'apk.audit': { zh: '审核APK子包（通过、退回、批量）', en: 'audit APK packages (pass, return, batch)' },
  'apk.test': { zh: '发布/取消APK测试', en: 'publish or cancel an APK test' },
  'apk.online': { zh: 'APK上线到全部设备/取消上线', en: 'publish an APK online to all devices or cancel it' },
  'apk.rollout': {
    zh: 'APK分阶段灰度发布：开始、下一阶段、暂停、恢复、回滚、完成',
    en: 'roll an APK out in stages: start, next stage, pause, resume, roll back, complete',
  },
  'offlinePack.edit': { zh: '新增、编辑、删除离线食谱包', en: 'create, edit and delete offline packs' },
  'offlinePack.build': { zh: '生成离线食谱包', en: 'build an offline pack' },
  'offlinePack.test': { zh: '发布/取消离线包测试', en: 'publish or cancel an offline-pack test' },
  'offlinePack.online': { zh: '离线包上线/取消上线', en: 'publish an offline pack online or cancel it' },
  'category.edit': { zh: '维护食谱分类', en: 'maintain recipe categories' },
  'tag.edit': { zh: '维护食谱标签', en: 'maintain recipe tags' },
  'unit.edit': { zh: '维护食材单位', en: 'maintain ingredient units' },
  'accessory.edit': { zh: '维护配件库', en: 'maintain accessories' },
  'language.edit': { zh: '设置品牌支持的语言', en: 'set the brand’s languages' },
  'onlineCategory.edit': {
    zh: '维护线上分类及其食谱',
    en: 'maintain online categories and their recipes',
  },
  'file.upload': { zh: '上传文件（图片、APK）', en: 'upload files (images, APKs)' },
  'content.edit': {
    zh: '维护轮播图、主题食谱、锁屏广告和热门搜索标签',
    en: 'maintain banners, themed recipe groups, lock-screen ads and hot search labels',
  },
  'device.edit': {
    zh: '编辑、删除设备，吊销设备凭证',
    en: 'edit and delete devices, revoke device credentials',
  },
  'testDevice.edit': { zh: '维护测试设备组', en: 'maintain the test-device group' },
  'fault.delete': { zh: '删除故障记录', en: 'delete fault records' },
  'review.add': { zh: '代App用户录入评价', en: 'enter a review on an app user’s behalf' },
  'review.edit': { zh: '编辑、删除用户评价（审核）', en: 'edit and delete user reviews (moderation)' },
  'audit.read': {
    zh: '审计：查看已清除、已删除记录的历史',
    en: 'audit: read the history of cleared and deleted records',
  },
  'appUser.edit': {
    zh: '启用/停用、删除App用户和付费用户，导入付费用户，删除搜索记录',
    en: 'enable, disable and delete app users and paying users, import paying users, delete search records',
  },
  'notice.edit': { zh: '新增、编辑、删除通知草稿', en: 'create, edit and delete notice drafts' },
  'notice.push': {
    zh: '推送通知、设置定时推送、取消推送',
    en: 'push notices, schedule their push, cancel a scheduled push',
  },
  'staff.manage': {
    zh: '查看本品牌员工账号，邀请员工、设置角色、停用和启用账号',
    en: 'see the brand’s staff accounts, invite staff, set their role, disable and enable accounts',
  },
  'queue.manage': {
    zh: '查看任务队列、重试失败的任务（队列看板）',
    en: 'see the job queues and retry failed jobs (the queue board)',
  },
  'account.self': {
    zh: '查看本人信息、修改本人密码、退出登录',
    en: 'see oneself, change one’s own password, log out',
  },
  read: { zh: '查看全部列表、详情、统计和下载', en: 'read every list, detail, statistic and download' },
};

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, { zh: string; en: string }>> = {
  admin: { zh: '管理员', en: 'admin' },
  editor: { zh: '编辑', en: 'editor' },
  auditor: { zh: '审核员', en: 'auditor' },
  viewer: { zh: '只读', en: 'viewer' },
};

/** Whether `role` holds `permission`; no role (not signed in) holds nothing. */
export function roleCan(role: StaffRole | null | undefined, permission: Permission): boolean {
  return !!role && PERMISSION_ROLES[permission].includes(role);
}
