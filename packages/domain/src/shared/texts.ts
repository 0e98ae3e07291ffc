import type { Locale } from './errors';

/**
 * User texts of spec §8, word for word. Keys are used by the web (i18n) and the server (messages
 * in the envelope), so a text lives here once.
 */
export const userTexts = {
  notice: { 'zh-CN': '提示', 'en-US': 'Notice' },
  deleteSuccess: { 'zh-CN': '删除成功', 'en-US': 'Delete successfully' },
  operationSuccess: { 'zh-CN': '操作成功', 'en-US': 'Operation successful' },
  bindingSuccess: { 'zh-CN': '绑定成功', 'en-US': 'Binding successful' },
  copySuccess: { 'zh-CN': '复制成功', 'en-US': 'Copy successful' },
  firmwareUpdateFailed: { 'zh-CN': '固件更新失败，请稍后重试。', 'en-US': 'Firmware update failed, please try again later' },
  remoteUpdateFailed: { 'zh-CN': '远程网关更新失败', 'en-US': 'Remote gateway update failed' },
  gatewayNotBound: { 'zh-CN': '网关未绑定', 'en-US': 'The gateway is not bound' },
  offlineCannotUpgrade: { 'zh-CN': '当前设备离线，无法升级固件。', 'en-US': 'The current gateway is offline and cannot upgrade firmware' },
  offlineCannotUpdateConfig: { 'zh-CN': '当前设备离线，无法远程更新配置。', 'en-US': 'The current gateway is offline and cannot update the configuration remotely' },
  nodeLimitReached: { 'zh-CN': '您创建节点数已达上限！', 'en-US': 'You have reached the maximum number of nodes created' },
  storageNodeDeleted: { 'zh-CN': '存储节点已被删除', 'en-US': 'The storage node has been deleted' },
  fileFormatIncorrect: { 'zh-CN': '文件格式错误，请上传图片类型', 'en-US': 'The file format is incorrect' },
  imageTooLarge: { 'zh-CN': '图片大小超过 3M', 'en-US': 'The image size exceeds 3M' },
  connectionExists: { 'zh-CN': '该连线关系已存在,不允许重复创建', 'en-US': 'The connection relationship already exists' },
  configTooLong: { 'zh-CN': '配置内容过长，请删除不必要的配置', 'en-US': 'The configuration content is too long, please delete unnecessary configurations' },
  validationFailed: { 'zh-CN': '验证失败', 'en-US': 'Validation failed' },
  dataTooLong: { 'zh-CN': '数据过长', 'en-US': 'Data too long' },
  nameRequired: { 'zh-CN': '名称不能为空', 'en-US': 'The name is required' },
  detectionPassed: { 'zh-CN': '检测通过', 'en-US': 'Passed' },
  detectionFailed: { 'zh-CN': '未通过检测', 'en-US': 'Not passed' },
  downloadInfoFailed: { 'zh-CN': '下载信息获取失败！', 'en-US': 'Failed to get the download information!' },
  noResponse: { 'zh-CN': '请求无响应:', 'en-US': 'No response to the request:' },
  timeout: { 'zh-CN': '请求超时！', 'en-US': 'Request timed out!' },
} as const satisfies Record<string, Record<Locale, string>>;

export type UserTextKey = keyof typeof userTexts;

export function userText(key: UserTextKey, locale: Locale): string {
  return userTexts[key][locale];
}

export const productTitle = { 'zh-CN': '智慧数据平台', 'en-US': 'SmartData Console' } as const;
