import type { Locale } from '../shared/errors';
import { userTexts } from '../shared/texts';
import { flowMessages } from '../gateways/flowMessages';
import { lifecycleNames, isLifecycleStatus, bindConfirmTimeoutMs } from './lifecycle';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });
const bindMinutes = bindConfirmTimeoutMs / 60_000;

/**
 * Texts of the devices and gateways modules, both languages; spec §8 texts (userTexts) word for
 * word. `{0}`, `{1}` are filled from `key|a|b`; lifecycle codes are shown by name.
 */
export const deviceMessages: Record<string, Record<Locale, string>> = {
  'device.snTaken': t('该 SN 已被登记', 'This SN is already registered'),
  'device.snInvalid': t('SN 为 4–32 位字母、数字、连字符或下划线', 'An SN has 4 to 32 letters, digits, hyphens or underscores'),
  'device.api.credentials': t('设备 SN 或密钥错误（HTTP Basic：用户名为 SN，密码为设备密钥）', 'Wrong device SN or secret (HTTP Basic: the SN as user name, the device secret as password)'),
  'device.api.notJson': t('请求体不是 JSON', 'The body is not JSON'),
  'device.api.badTelemetry': t('遥测数据格式错误：应为 {"ts":…,"values":{"键":数值或文本}}，1–200 个值', 'Malformed telemetry: expected {"ts":…,"values":{"key":number or text}}, 1 to 200 values'),
  'device.api.badEvent': t('事件格式错误（字段 {0}）：应为 {"type":"alarm",…} 等设备事件', 'Malformed event (field {0}): expected a device event such as {"type":"alarm",…}'),
  'device.api.tooMany': t('该设备的请求过于频繁（每分钟最多 {0} 次）', 'Too many requests from this device (at most {0} a minute)'),
  'device.api.noIngest': t('服务器暂不接收设备数据，请稍后重试', 'The server is not taking device data right now, try again later'),
  'device.brokerCa.none': t('MQTT TLS 使用运营方提供的证书（MQTT_TLS_CERT），无需下载 CA', 'The MQTT TLS listener uses the operator’s certificate (MQTT_TLS_CERT): there is no CA to download'),
  'device.nameRequired': userTexts.nameRequired,
  'device.disabled': t('设备已停用', 'The device is disabled'),
  'device.lifecycle.same': t('设备已处于“{1}”状态', 'The device is already "{1}"'),
  'device.lifecycle.disabled': t('已停用的设备只能启用，回到停用前的状态（“{0}”不能变为“{1}”）', 'A disabled device can only be enabled back to its status before it was disabled ("{0}" cannot become "{1}")'),
  'device.lifecycle.enableTo': t('已停用的设备启用后回到停用前的“{1}”状态', 'A disabled device is enabled back to "{1}", its status before it was disabled'),
  'device.lifecycle.cancelOrderFirst': t('设备在出库单中，须先取消出库单才能停用', 'The device is on an outbound order: cancel the order before disabling it'),
  'device.lifecycle.byDocument': t('“{0}”变为“{1}”须通过单据：生产单完工、入库、出库单、发货或退货', '"{0}" becomes "{1}" only through a document: a production completion, stock-in, outbound order, shipment or return'),
  'device.lifecycle.bindNotShipped': t('只有未入库或已出库的设备可以绑定（当前“{0}”）', 'Only a device that is created or shipped out can be bound (it is "{0}")'),
  'device.lifecycle.unbindFirst': t('已绑定的设备须先解绑（“{0}”不能变为“{1}”）', 'A bound device must be unbound first ("{0}" cannot become "{1}")'),
  'device.lifecycle.shipNeedsOrder': t('设备须先加入出库单才能出库（“{0}”不能变为“{1}”）', 'A device must be on an outbound order before it ships ("{0}" cannot become "{1}")'),
  'device.lifecycle.orderNeedsStock': t('只有已入库的设备可以加入出库单（“{0}”不能变为“{1}”）', 'Only a stored device can go on an outbound order ("{0}" cannot become "{1}")'),
  'device.lifecycle.noReturnToCreated': t('设备不能回到“已创建未入库”状态（当前“{0}”）', 'A device cannot go back to "created, not stored" (it is "{0}")'),
  'device.lifecycle.notAllowed': t('设备状态不能从“{0}”变为“{1}”', 'A device cannot go from "{0}" to "{1}"'),
  'device.lifecycle.wrongDocument': t('此单据不能把设备从“{0}”变为“{1}”', 'This document cannot move a device from "{0}" to "{1}"'),
  'device.lifecycle.changed': t('设备状态已被其他操作改变，请刷新后重试', 'The device was changed by another action meanwhile; refresh and try again'),
  'device.lifecycle.useBinding': t('绑定和解绑须通过“绑定”和“解绑”操作（需设备端确认）', 'Binding and unbinding go through Bind and Unbind (the device must confirm)'),
  'device.bind.success': userTexts.bindingSuccess,
  'device.bind.notBound': userTexts.gatewayNotBound,
  'device.bind.offline': t('当前设备离线，无法绑定', 'The current gateway is offline and cannot be bound'),
  'device.bind.alreadyBound': t('设备已绑定', 'The device is already bound'),
  'device.bind.awaiting': t('等待设备端确认绑定（请在设备上按“一键确认绑定”）', 'Waiting for confirmation on the device (press one-key confirm binding on the device)'),
  'device.bind.timeout': t(`设备未在 ${bindMinutes} 分钟内确认绑定，请重新发起绑定`, `The device did not confirm within ${bindMinutes} minutes; start binding again`),
  'device.bind.rejected': t('设备端拒绝了绑定', 'The binding was refused on the device'),
  'device.picture.format': userTexts.fileFormatIncorrect,
  'device.picture.tooLarge': userTexts.imageTooLarge,
  'device.picture.missing': t('图片尚未上传', 'The picture has not been uploaded'),
  'device.picture.tooMany': t('最多 {0} 张图片', 'At most {0} pictures'),
  'device.ota.offline': userTexts.offlineCannotUpgrade,
  'device.ota.failed': userTexts.firmwareUpdateFailed,
  'device.ota.busy': t('固件正在升级中，请等待完成', 'A firmware upgrade is in progress, wait for it to finish'),
  'device.ota.rebooted': t('设备在升级过程中重启，仍为旧版本', 'The device restarted during the upgrade and still runs the old version'),
  'device.ota.timeout': t('设备未在规定时间内完成升级', 'The device did not finish the upgrade in time'),
  'device.ota.success': t('固件升级成功，当前版本 {0}', 'Firmware updated, now version {0}'),
  'device.config.offline': userTexts.offlineCannotUpdateConfig,
  'device.config.failed': userTexts.remoteUpdateFailed,
  'device.config.busy': t('配置正在更新或检测中，请等待完成', 'A configuration update or detection is in progress, wait for it to finish'),
  'device.config.none': t('尚未保存网关配置', 'No gateway configuration has been saved yet'),
  'device.config.timeout': t('设备未在规定时间内回复', 'The device did not answer in time'),
  'device.config.success': t('远程更新配置成功', 'The configuration was updated on the gateway'),
  'device.detect.passed': userTexts.detectionPassed,
  'device.detect.failed': userTexts.detectionFailed,
  'device.version.missing': t('配置版本不存在', 'The configuration version does not exist'),
  // The software gateway's reasons (apps/gateway-sim, issue 34): detection and config results.
  'gateway.bus.noPort': t('网关没有串口 {port}（它有 {ports}）', 'The gateway has no serial port {port} (it has {ports})'),
  'gateway.bus.portMissing': t('串口 {port} 对应的设备 {path} 不存在：请检查串口路径和 USB 转换器', 'The serial port {port} is {path}, which does not exist: check the port path and the USB adapter'),
  'gateway.bus.openFailed': t('串口 {port}（{path}）无法打开：{error}', 'The serial port {port} ({path}) cannot be opened: {error}'),
  'gateway.bus.unreachable': t('串口 {port} 的总线 {bus} 无法连接：{error}', 'The bus {bus} of port {port} cannot be reached: {error}'),
  'gateway.bus.noReply': t('节点“{node}”：{bus} 上地址 {address} 询问 {attempts} 次均无应答，请检查接线、从站地址、波特率和校验位', 'Node "{node}": no reply from address {address} on {bus} after {attempts} inquiries; check the wiring, the slave address, baud rate and parity'),
  'gateway.bus.badCrc': t('节点“{node}”：{bus} 上的应答 CRC 校验错误（{frame}），请检查波特率、校验位、数据位和停止位', 'Node "{node}": the reply on {bus} failed its CRC check ({frame}); check baud rate, parity, data bits and stop bits'),
  'gateway.bus.exception': t('节点“{node}”：从站 {address} 返回异常码 {code}（{meaningZh}），请检查功能码和寄存器地址', 'Node "{node}": slave {address} answered exception {code} ({meaning}); check the function code and register addresses'),
  'firmware.versionTaken': t('该型号已有此版本的固件', 'This model already has a firmware package of this version'),
  'firmware.objectMissing': t('固件文件尚未上传', 'The firmware file has not been uploaded'),
  'firmware.modelMismatch': t('固件型号与设备型号不一致', 'The firmware package is for another model'),
  'firmware.inUse': t('固件正在升级设备，不能删除', 'The firmware package is being installed on a device and cannot be deleted'),
  'cert.extension': t('证书文件须为 .ctr、.pem 或 .cer', 'A certificate file must be .ctr, .pem or .cer'),
  'cert.tooLarge': t('证书文件最大 {0} KB', 'A certificate file can be at most {0} KB'),
  'cert.parse': t('无法解析证书：须为 X.509 证书（PEM 或 DER）', 'The certificate cannot be read: it must be an X.509 certificate (PEM or DER)'),
  'cert.expired': t('证书已过期', 'The certificate has expired'),
  'cert.notYetValid': t('证书尚未生效', 'The certificate is not valid yet'),
  'cert.notCa': t('上传的证书须为 CA 证书或自签名证书', 'An uploaded certificate must be a CA or a self-signed certificate'),
  'cert.missing': t('所选证书不存在', 'The chosen certificate does not exist'),
  'cert.inUse': t('证书正被网关连接使用，不能删除', 'The certificate is used by a gateway link and cannot be deleted'),
};

/** The text of a device message key (`key|a|b`), or of a flow rule key; null when unknown. */
export function deviceMessage(key: string, locale: Locale): string | null {
  const [name, ...args] = key.split('|') as [string, ...string[]];
  const text = deviceMessages[name]?.[locale] ?? flowMessages[name]?.[locale];
  if (text === undefined) {
    return null;
  }
  const shown = name.startsWith('device.lifecycle.')
    ? args.map((arg) => {
        const code = Number(arg);
        return isLifecycleStatus(code) ? lifecycleNames[code][locale] : arg;
      })
    : args;
  return shown.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text);
}

/**
 * A device's reason (detection, config result): a flow rule key with its parameters encoded as
 * `key?name=value&…` (the simulated gateway sends these), or free text from other firmware,
 * shown as it is.
 */
export function encodeDeviceReason(problem: { key: string; params?: Record<string, string | number> }): string {
  const params = new URLSearchParams(Object.entries(problem.params ?? {}).map(([k, v]) => [k, String(v)]));
  const query = params.toString();
  return query ? `${problem.key}?${query}` : problem.key;
}

export function deviceReasonText(reason: string, locale: Locale): string {
  const [key, query] = reason.split('?', 2) as [string, string | undefined];
  const text = deviceMessages[key]?.[locale] ?? flowMessages[key]?.[locale];
  if (text === undefined) {
    return reason;
  }
  const params = new URLSearchParams(query ?? '');
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params.get(name) ?? whole);
}
