import type { Locale } from '../shared/errors';
import { dashboardLimits } from './widgets';

/**
 * Texts of the dashboards module's validation keys and server reasons, both languages. The
 * server's dashboards routes translate them (their own error scope); the web shows the same words.
 */
export const dashboardMessages: Record<string, Record<Locale, string>> = {
  'validation.dashboard.nameTooLong': { 'zh-CN': `看板名称最多 ${dashboardLimits.nameLength} 个字符`, 'en-US': `A dashboard name can have at most ${dashboardLimits.nameLength} characters` },
  'validation.dashboard.carouselNameTooLong': { 'zh-CN': `轮播名称最多 ${dashboardLimits.nameLength} 个字符`, 'en-US': `A carousel name can have at most ${dashboardLimits.nameLength} characters` },
  'validation.dashboard.titleTooLong': { 'zh-CN': `组件标题最多 ${dashboardLimits.widgetTitleLength} 个字符`, 'en-US': `A widget title can have at most ${dashboardLimits.widgetTitleLength} characters` },
  'validation.dashboard.fieldRequired': { 'zh-CN': '请至少选择一个字段', 'en-US': 'Choose at least one field' },
  'validation.dashboard.bindingNotAllowed': { 'zh-CN': '该组件不绑定数据项', 'en-US': 'This widget does not bind to a data item' },
  'validation.dashboard.minMax': { 'zh-CN': '最小值必须小于最大值', 'en-US': 'The minimum must be below the maximum' },
  'validation.dashboard.tooManyWidgets': { 'zh-CN': `一个看板最多 ${dashboardLimits.widgetsMax} 个组件`, 'en-US': `A dashboard can have at most ${dashboardLimits.widgetsMax} widgets` },
  'validation.dashboard.duplicateWidget': { 'zh-CN': '组件标识重复', 'en-US': 'Two widgets have the same id' },
  'validation.dashboard.outsideBoard': { 'zh-CN': '组件超出了看板范围', 'en-US': 'A widget lies outside the board' },
  'validation.dashboard.refreshMinutes': { 'zh-CN': '刷新间隔只能是 1、5、10 或 15 分钟', 'en-US': 'The refresh interval is 1, 5, 10 or 15 minutes' },
  'validation.dashboard.canvasSize': {
    'zh-CN': `画布宽度为 ${dashboardLimits.canvasWidthMin} 到 ${dashboardLimits.canvasWidthMax}，高度为 ${dashboardLimits.canvasHeightMin} 到 ${dashboardLimits.canvasHeightMax} 像素`,
    'en-US': `The canvas is ${dashboardLimits.canvasWidthMin} to ${dashboardLimits.canvasWidthMax} pixels wide and ${dashboardLimits.canvasHeightMin} to ${dashboardLimits.canvasHeightMax} high`,
  },
  'validation.dashboard.template': { 'zh-CN': '模板不存在', 'en-US': 'No such template' },
  'validation.dashboard.notAnExport': { 'zh-CN': '文件不是看板导出文件', 'en-US': 'The file is not a dashboard export' },
  'validation.dashboard.exportVersion': { 'zh-CN': '不支持该版本的看板导出文件', 'en-US': 'This version of dashboard export is not supported' },
  'validation.dashboard.seconds': {
    'zh-CN': `展示时长为 ${dashboardLimits.carouselSecondsMin} 到 ${dashboardLimits.carouselSecondsMax} 秒`,
    'en-US': `A display duration is ${dashboardLimits.carouselSecondsMin} to ${dashboardLimits.carouselSecondsMax} seconds`,
  },
  'validation.dashboard.timeOfDay': { 'zh-CN': '时间格式为 HH:mm', 'en-US': 'Times are written HH:mm' },
  'validation.dashboard.emptyWindow': { 'zh-CN': '时间段的开始和结束不能相同', 'en-US': 'A time window cannot start and end at the same time' },
  'validation.dashboard.entriesMax': {
    'zh-CN': `一个轮播最多 ${dashboardLimits.carouselEntriesMax} 个看板`,
    'en-US': `A carousel can have at most ${dashboardLimits.carouselEntriesMax} dashboards`,
  },
  'validation.dashboard.noEntries': { 'zh-CN': '请至少添加一个看板后再发布', 'en-US': 'Add at least one dashboard before publishing' },
  'dashboard.unknownItem': { 'zh-CN': '组件“{0}”绑定的数据项不存在或无权查看', 'en-US': 'The data item of widget "{0}" does not exist or you cannot read it' },
  'dashboard.unknownField': { 'zh-CN': '组件“{0}”绑定的字段“{1}”不存在', 'en-US': 'Widget "{0}" is bound to a field "{1}" the item does not have' },
  'dashboard.unknownChart': { 'zh-CN': '组件“{0}”的图表不存在或无权查看', 'en-US': 'The chart of widget "{0}" does not exist or you cannot read it' },
  'dashboard.unknownBoard': { 'zh-CN': '轮播中的看板不存在', 'en-US': 'A dashboard of the carousel does not exist' },
  'dashboard.nameTaken': { 'zh-CN': '轮播名称已存在', 'en-US': 'A carousel with this name already exists' },
  'dashboard.notPublished': { 'zh-CN': '该轮播尚未发布', 'en-US': 'This carousel has not been published yet' },
};
