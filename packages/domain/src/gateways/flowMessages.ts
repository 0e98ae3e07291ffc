import type { Locale } from '../shared/errors';
import { userTexts } from '../shared/texts';
import type { FlowProblem } from './flow';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of the flow rules, both languages; spec §8 texts word for word where it gives them. */
export const flowMessages: Record<string, Record<Locale, string>> = {
  'flow.document.invalid': t('流程配置格式不正确（位置：{path}）', 'The flow document is malformed (at {path})'),
  'flow.config.tooLong': userTexts.configTooLong,
  'flow.start.missing': t('流程必须有且只有一个开始节点', 'A flow needs exactly one Start node'),
  'flow.start.delay': t('延时执行需要填写延时时间', 'Delay start needs a delay'),
  'flow.start.interval': t('循环执行需要填写大于 0 的循环间隔', 'Loop start needs an interval greater than 0'),
  'flow.node.limit': userTexts.nodeLimitReached,
  'flow.node.duplicateId': t('节点编号重复', 'Two nodes have the same id'),
  'flow.name.required': userTexts.nameRequired,
  'flow.name.tooLong': t('节点名称最多 20 个字符', 'A node name can have at most 20 characters'),
  'flow.name.pattern': t('节点名称只能包含中文、数字、字母、连字符和波浪号', 'A node name may contain only Chinese characters, digits, letters, hyphen and tilde'),
  'flow.name.duplicate': t('节点名称“{name}”已存在', 'The node name "{name}" is already used'),
  'flow.topic.required': t('主题不能为空', 'The topic is required'),
  'flow.topic.ascii': t('主题只能包含 ASCII 字符', 'The topic may contain ASCII characters only'),
  'flow.topic.tooLong': t('主题最多 100 个字符', 'A topic can have at most 100 characters'),
  'flow.link.tooMany': t('最多 {max} 个 MQTT 连接', 'At most {max} MQTT links'),
  'flow.link.unused': t('未使用的 MQTT 连接请删除', 'Delete MQTT links that no node uses'),
  'flow.link.missing': t('请选择有效的 MQTT 连接', 'Choose an existing MQTT link'),
  'flow.link.addressRequired': t('连接地址不能为空', 'The link address is required'),
  'flow.link.addressTooLong': t('连接地址最多 199 个字符', 'A link address can have at most 199 characters'),
  'flow.link.addressInvalid': t('连接地址格式不正确', 'The link address is not a valid IP address or host name'),
  'flow.link.portInvalid': t('请输入 1–65535 之间的端口', 'Enter a port between 1 and 65535'),
  'flow.link.usernameRequired': t('用户名不能为空', 'The user name is required'),
  'flow.link.usernameAscii': t('用户名只能包含 ASCII 字符', 'The user name may contain ASCII characters only'),
  'flow.link.usernameTooLong': t('用户名最多 {max} 个字符', 'The user name can have at most {max} characters'),
  'flow.link.passwordRequired': t('密码不能为空', 'The password is required'),
  'flow.link.passwordAscii': t('密码只能包含 ASCII 字符', 'The password may contain ASCII characters only'),
  'flow.link.passwordTooLong': t('密码最多 {max} 个字符', 'The password can have at most {max} characters'),
  'flow.link.clientIdRequired': t('客户端 ID 不能为空', 'The client ID is required'),
  'flow.link.clientIdAscii': t('客户端 ID 只能包含 ASCII 字符', 'The client ID may contain ASCII characters only'),
  'flow.link.clientIdTooLong': t('客户端 ID 最多 {max} 个字符', 'The client ID can have at most {max} characters'),
  'flow.hex.invalid': t('报文格式不正确：须为两位十六进制字节，以单个空格分隔，首尾无空格', 'The packet must be two-digit hex bytes separated by single spaces, with no leading or trailing space'),
  'flow.rx.retries': t('重试次数为 0–{max} 次', 'Retries must be 0 to {max}'),
  'flow.rx.divisorZero': t('除数不能为 0（{key}）', 'The divisor cannot be 0 ({key})'),
  'flow.rx.decimalPlaces': t('小数位数为 0–3', 'Decimal places must be 0 to 3'),
  'flow.rx.keyRequired': t('解析项名称不能为空', 'Each extracted value needs a key'),
  'flow.timeout.next': t('超时处理的下一步只能是 MQTT 发布或 HTTP 请求', 'After timeout handling only an MQTT publish or HTTP request may follow'),
  'flow.timeout.messageTooLong': t('超时消息最多 {max} 个字符', 'The timeout message can have at most {max} characters'),
  'flow.body.required': t('消息体不能为空', 'The body is required'),
  'flow.body.semicolon': t('消息体不能包含分号', 'The body cannot contain a semicolon'),
  'flow.body.tooLong': t('消息体最多 {max} 个字符', 'The body can have at most {max} characters'),
  'flow.body.storageNodeDeleted': t('存储节点已被删除：{name}', `${userTexts.storageNodeDeleted['en-US']}: {name}`),
  'flow.http.url': t('请输入以 http:// 或 https:// 开头的地址', 'Enter a URL starting with http:// or https://'),
  'flow.wait.ms': t('等待时间须大于 0', 'The wait must be longer than 0'),
  'flow.condition.required': t('至少填写一个判断条件', 'Fill in at least one condition'),
  'flow.condition.value': t('条件{index}的值须为数字', 'The value of condition {index} must be a number'),
  'flow.condition.packet': t('条件{index}的报文格式不正确', 'The packet of condition {index} is not a valid hex packet'),
  'flow.serial.portName': t('串口名称不能为空', 'The port name is required'),
  'flow.serial.baudRate': t('请选择有效的波特率', 'Choose a supported baud rate'),
  'flow.firmware.tooOld': t('该功能需要固件 {version} 及以上（当前 {firmware}）', 'This feature needs firmware {version} or later (the gateway has {firmware})'),
  'flow.edge.unknownNode': t('连线的节点不存在', 'The connection refers to a missing node'),
  'flow.edge.self': t('节点不能连接自身', 'A node cannot connect to itself'),
  'flow.edge.exists': userTexts.connectionExists,
  'flow.edge.loop': t('两个节点之间不能形成回路', 'Two nodes cannot connect to each other both ways'),
  'flow.edge.cycle': t('连线不能形成闭环', 'Connections cannot form a closed loop'),
  'flow.edge.toStart': t('不能连接到开始节点', 'Nothing can connect to Start'),
  'flow.edge.startOne': t('开始节点只能连接一个节点', 'Start connects to one node only'),
  'flow.edge.oneOut': t('一个节点不能连接多个节点', 'A node cannot connect to several nodes'),
  'flow.edge.oneIn': t('多个节点不能连接同一个节点', 'Several nodes cannot connect to the same node'),
  'flow.edge.rxAfterTx': t('串口接收解析之前只能是串口发送报文', 'Only a serial TX packet may come before a serial RX parser'),
  'flow.edge.subscribeFixed': t('MQTT 订阅的连线不能删除', 'A connection of an MQTT subscribe node cannot be deleted'),
  'flow.warn.loopWait': t('建议在循环的末尾添加等待节点', 'Add a wait node at the end of the loop'),
  'flow.warn.unreachable': t('节点“{name}”未连接到开始节点，不会执行', 'The node "{name}" is not connected to Start and will never run'),
};

/** The text of a flow problem in a language, with its parameters filled in. */
export function flowMessage(problem: Pick<FlowProblem, 'key' | 'params'>, locale: Locale): string {
  const text = flowMessages[problem.key]?.[locale] ?? problem.key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(problem.params?.[name] ?? whole));
}
