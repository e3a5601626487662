import { PERMISSION_DENIED } from '@kb/contracts';

/** The refusal of a route the caller's role may not use (merged into common/messages.ts). */
export const PERMISSION_MESSAGES: Record<string, { zh: string; en: string }> = {
  [PERMISSION_DENIED]: {
    zh: '没有权限：{roleZh}角色不能{actionZh}',
    en: 'No permission: the {roleEn} role may not {actionEn}',
  },
};
