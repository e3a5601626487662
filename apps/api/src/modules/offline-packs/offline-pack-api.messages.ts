import type { OfflinePackEventType } from '@kb/domain';

/**
 * Messages of the offline-pack endpoints that are not the decider's (those are
 * `OFFLINE_PACK_DOMAIN_MESSAGES`, offline-pack-domain.messages.ts): checks against the brand's data, concurrency, answers. Merged into the API catalog.
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
  offline_pack_build_started: {
    zh: '已开始生成离线菜谱包文件',
    en: 'Building the pack file has started',
  },
  offline_pack_build_online: {
    zh: '离线菜谱包{name}已上线，其文件不能重新生成；请先取消上线',
    en: 'Offline recipe pack {name} is online; its file cannot be rebuilt. Take it offline first',
  },
  offline_pack_not_built: {
    zh: '离线菜谱包{name}的当前内容还没有生成好的文件，请先生成再发布',
    en: 'Offline recipe pack {name} has no finished build of its current content; build it before publishing',
  },
  offline_pack_build_missing: {
    zh: '离线菜谱包还没有可下载的文件',
    en: 'The offline recipe pack has no file to download yet',
  },
  offline_pack_build_queue_down: {
    zh: '任务队列暂不可用，请稍后重试',
    en: 'The job queue is unavailable; try again shortly',
  },
  offline_pack_build_recipes_unavailable: {
    zh: '菜谱{numbers}已不在发布状态或已删除，无法打包',
    en: 'Recipes {numbers} are no longer released or were removed; they cannot be packed',
  },
  offline_pack_build_media_missing: {
    zh: '{count}个图片/音视频文件在文件存储中找不到',
    en: '{count} picture/audio/video file(s) are missing from the file store',
  },
  offline_pack_build_failed: {
    zh: '生成失败：{reason}',
    en: 'The build failed: {reason}',
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
  OfflinePackUntestedReleaseApproved: {
    zh: '未测试直接上线：{reason}',
    en: 'Published without a test: {reason}',
  },
  OfflinePackPublishedOnline: { zh: '发布上线', en: 'Published online' },
  OfflinePackOnlineCancelled: { zh: '取消上线', en: 'Taken offline' },
  OfflinePackDeleted: { zh: '删除', en: 'Deleted' },
};
