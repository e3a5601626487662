import type { OfflinePackEventType } from '@kb/domain';

/**
 * Messages of the offline-pack endpoints that are not the decider's (those are `OFFLINE_PACK_MESSAGES` of
 * @kb/domain): checks against the brand's data, concurrency, answers. Merged into the API catalog.
 */
export const OFFLINE_PACK_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  offline_pack_changed: {
    zh: '离线菜谱包{name}已被他人修改，请重新加载后再编辑',
    en: 'Offline recipe pack {name} was changed by someone else; reload it and edit again',
  },
  offline_pack_number_taken: {
    zh: '离线菜谱包编号{number}已存在',
    en: 'An offline recipe pack numbered {number} already exists',
  },
  offline_pack_model_missing: {
    zh: '工厂型号不存在或不属于本品牌',
    en: 'The factory model is not one of your brand’s models',
  },
  offline_pack_customer_model_missing: {
    zh: '该子品牌没有此工厂型号的客户型号',
    en: 'The sub-brand has no customer model for this factory model',
  },
  offline_pack_recipes_missing: {
    zh: '{count}个菜谱不存在或不属于本品牌',
    en: '{count} recipe(s) do not exist in your brand',
  },
  offline_pack_recipes_not_released: {
    zh: '只能选择已发布的菜谱，未发布：{numbers}',
    en: 'Only released recipes can go into a pack; not released: {numbers}',
  },
  offline_pack_recipes_incompatible: {
    zh: '菜谱{numbers}不适配型号{model}',
    en: 'Recipes {numbers} are not compatible with model {model}',
  },
  offline_pack_batch_done: { zh: '{succeeded}个离线菜谱包操作成功', en: '{succeeded} offline pack(s) done' },
  offline_pack_batch_partial: {
    zh: '{succeeded}个成功，{failed}个失败',
    en: '{succeeded} succeeded, {failed} failed',
  },
};

/** What each event says in the history timeline. */
export const OFFLINE_PACK_EVENT_TITLES: Record<OfflinePackEventType, { zh: string; en: string }> = {
  OfflinePackCreated: { zh: '新建离线菜谱包', en: 'Pack created' },
  OfflinePackRevised: { zh: '修改内容', en: 'Content edited' },
  OfflinePackTestPublished: { zh: '发布测试', en: 'Published to test devices' },
  OfflinePackTestCancelled: { zh: '取消测试', en: 'Taken off test devices' },
  OfflinePackPublishedOnline: { zh: '发布上线', en: 'Published online' },
  OfflinePackOnlineCancelled: { zh: '取消上线', en: 'Taken offline' },
  OfflinePackDeleted: { zh: '删除', en: 'Deleted' },
};
