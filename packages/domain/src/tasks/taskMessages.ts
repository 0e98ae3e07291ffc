import type { Locale } from '../shared/errors';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of intelligent tasks, both languages. `{0}` is filled from `key|a`. */
export const taskMessages: Record<string, Record<Locale, string>> = {
  'task.methodUnknown': t('不支持的取值方式：{0}', 'Unknown acquisition method: {0}'),
  'task.decimalsRange': t('结果小数位须在 0 到 3 之间', 'Result decimal places must be between 0 and 3'),
  'task.rangeRequired': t('该取值方式须设置时间范围', 'This acquisition method needs a time range'),
  'task.aggregateRequired': t('多个数据来源须选择汇总方式', 'Several sources need an aggregation'),
  'task.onceInvalid': t('请输入有效的执行时间', 'Enter a valid run time'),
  'task.cronInvalid': t('定时表达式不正确', 'The cron expression is not valid'),
  'task.targetIsSource': t('结果不能写回数据来源字段', 'The result cannot be written into a source field'),
  'task.nameTaken': t('任务名称已存在', 'A task with this name already exists'),
  'task.noValues': t('取值时间段内没有数据', 'No values in the window'),
  'task.timedOut': t('执行超时', 'The run timed out'),
  'task.missed': t('服务停止期间错过，按补执行策略跳过', 'Missed while the server was down; skipped by the missed-run policy'),
  'task.method.recent_create_1': t('最新一条记录', 'Latest record'),
  'task.method.sum_yesterday': t('昨日累计', 'Sum of yesterday'),
  'task.method.sum_daily': t('今日累计', 'Sum of today'),
  'task.method.sum_month': t('本月累计', 'Sum of this month'),
  'task.method.D1_create_last': t('昨日最后一条', 'Last record of yesterday'),
  'task.method.D2_create_last': t('前日最后一条', 'Last record of the day before yesterday'),
  'task.method.M1_create_last': t('上月最后一条', 'Last record of last month'),
  'task.method.M2_create_last': t('前月最后一条', 'Last record of the month before last'),
  'task.method.time_range_sum': t('时间段求和', 'Sum over a time range'),
  'task.method.time_range_avg': t('时间段平均值', 'Average over a time range'),
  'task.method.time_range_max': t('时间段最大值', 'Maximum over a time range'),
  'task.method.time_range_min': t('时间段最小值', 'Minimum over a time range'),
  'task.run.scheduled': t('待执行', 'Scheduled'),
  'task.run.running': t('执行中', 'Running'),
  'task.run.succeeded': t('成功', 'Succeeded'),
  'task.run.failed': t('失败', 'Failed'),
  'task.run.timedOut': t('超时', 'Timed out'),
  'task.run.skipped': t('已跳过', 'Skipped'),
};
