import type { Locale } from '../shared/errors';
import { salesLimits } from './sales.schemas';
import type { ContractState, SalesOrderState } from './salesRules';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Names of the states (lists, filters, the renewal view). */
export const salesOrderStateNames: Record<SalesOrderState, Record<Locale, string>> = {
  draft: t('草稿', 'Draft'),
  confirmed: t('已确认', 'Confirmed'),
  partiallyShipped: t('部分发货', 'Partially shipped'),
  shipped: t('已发货', 'Shipped'),
  closed: t('已关闭', 'Closed'),
  cancelled: t('已取消', 'Cancelled'),
};

export const contractStateNames: Record<ContractState, Record<Locale, string>> = {
  draft: t('草稿', 'Draft'),
  active: t('已签订', 'Signed'),
  closed: t('已关闭', 'Closed'),
  cancelled: t('已取消', 'Cancelled'),
};

/**
 * Texts of the sales refusals (50001 with the reason in `data`; 40900 for a taken number), merged
 * into validationMessages. `{0}`, `{1}` from `key|a|b`.
 */
export const salesMessages: Record<string, Record<Locale, string>> = {
  'validation.sales.date': t('请输入有效的日期（yyyy-MM-dd）', 'Enter a valid date (yyyy-MM-dd)'),
  'validation.sales.endBeforeStart': t('结束日期不能早于开始日期', 'The end date cannot be before the start date'),
  'validation.sales.amount': t('金额为 0 以上、最多两位小数的数', 'The amount is a number from 0 with at most two decimals'),
  'validation.sales.quantity': t(`数量须为 1 到 ${salesLimits.quantityMax} 的整数`, `The quantity is a whole number from 1 to ${salesLimits.quantityMax}`),
  'validation.sales.number': t('编号只能包含字母、数字和 - _ / .，且以字母或数字开头', 'A number holds letters, digits and - _ / . and starts with a letter or digit'),
  'sales.numberTaken': t('编号已存在', 'The number is already taken'),
  'validation.sales.noLines': t('请至少填写一行', 'Add at least one line'),
  'validation.sales.lineRepeated': t('同一物料和仓库只能有一行', 'An item and warehouse can be on one line only'),
  'sales.contract.missing': t('合同不存在', 'The contract does not exist'),
  'sales.contract.notUsable': t('合同已取消或已关闭，不能用于新订单', 'The contract is cancelled or closed and cannot take new orders'),
  'sales.contract.otherCustomer': t('订单客户与合同客户不一致', "The order's customer is not the contract's"),
  'sales.contract.cannot.update': t('只有草稿合同可以修改', 'Only a draft contract can be changed'),
  'sales.contract.cannot.sign': t('只有草稿合同可以签订', 'Only a draft contract can be signed'),
  'sales.contract.cannot.cancel': t('合同已关闭或已取消', 'The contract is closed or cancelled'),
  'sales.contract.cannot.close': t('只有已签订的合同可以关闭', 'Only a signed contract can be closed'),
  'sales.contract.cannot.files': t('已关闭或已取消的合同不能增删文件', 'Files of a closed or cancelled contract cannot change'),
  'sales.contract.cannot.renew': t('只有已签订的合同可以续期', 'Only a signed contract can be renewed'),
  'sales.contract.openOrders': t('合同下还有未完成的订单（{0}），不能取消', 'The contract still has open orders ({0}) and cannot be cancelled'),
  'sales.file.tooMany': t(`每份合同最多 ${salesLimits.filesMax} 个文件`, `A contract holds at most ${salesLimits.filesMax} files`),
  'sales.file.notUploaded': t('文件尚未上传完成', 'The file has not been uploaded yet'),
  'sales.file.attached': t('文件已在合同上', 'The file is already on the contract'),
  'sales.renew.notLater': t('新的到期日须晚于原到期日（{0}）', 'The new end date must be after the current one ({0})'),
  'sales.order.cannot.update': t('只有草稿订单可以修改', 'Only a draft order can be changed'),
  'sales.order.cannot.confirm': t('只有草稿订单可以确认', 'Only a draft order can be confirmed'),
  'sales.order.cannot.cancel': t('只有草稿或已确认（未发货）的订单可以取消', 'Only a draft or confirmed (unshipped) order can be cancelled'),
  'sales.order.cannot.close': t('只有已发货或部分发货的订单可以关闭', 'Only a shipped or partially shipped order can be closed'),
  'sales.order.cannot.addOutbound': t('只有已确认或部分发货的订单可以出库', 'Only a confirmed or partially shipped order can go out'),
  'sales.order.cannot.renew': t('草稿或已取消的订单不能续期', 'A draft or cancelled order cannot be renewed'),
  'sales.order.openOutbound': t('订单还有未发货的出库单（{0}），请先发货或取消出库单', 'The order still has open outbound orders ({0}): ship or cancel them first'),
  'sales.stock.short': t('“{0}”在仓库“{1}”的可用库存不足（需要 {2}，可用 {3}）', 'Not enough "{0}" available in warehouse "{1}" ({2} needed, {3} available)'),
  'sales.outbound.notOnOrder': t('“{0}”不在该订单此仓库的明细中', '"{0}" is not on a line of this order for this warehouse'),
  'sales.outbound.tooMany': t('“{0}”超出订单待出库数量（还可出库 {1}）', '"{0}" is more than the order still has to ship ({1} left)'),
  'sales.serial.notOnOrder': t('序列号 {0} 的物料不在该订单此仓库的明细中', 'The item of serial {0} is not on a line of this order for this warehouse'),
};
