/** The long-job component's texts (progress, report, download, retry). */
export const jobsZh = {
  state: { queued: '排队中', running: '进行中', succeeded: '已完成', failed: '失败' },
  progress: '进度 {{percent}}%',
  progressItems: '{{done}} / {{total}}',
  report: '处理明细',
  item: '项目',
  outcomeColumn: '结果',
  reason: '原因',
  outcome: {
    created: '已创建',
    skipped: '已跳过',
    refused: '已拒绝',
    exported: '已导出',
    translated: '已翻译',
    failed: '失败',
  },
  download: '下载文件',
  retry: '重试',
  noItems: '暂无明细',
  filterAll: '全部',
};
