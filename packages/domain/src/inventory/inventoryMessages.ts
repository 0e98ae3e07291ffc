import type { Locale } from '../shared/errors';
import { inventoryLimits } from './inventory.schemas';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Texts of the inventory and production refusals (50001 with the reason in `data`, 40900 for a
 * document in the wrong state), merged into validationMessages. `{0}`, `{1}` from `key|a|b`.
 */
export const inventoryMessages: Record<string, Record<Locale, string>> = {
  'inventory.quantity': t(`数量须为 1 到 ${inventoryLimits.quantityMax} 的整数`, `The quantity is a whole number from 1 to ${inventoryLimits.quantityMax}`),
  'inventory.serial.pattern': t('序列号（设备 SN）为 4 到 32 位字母、数字、下划线或连字符', 'A serial (device SN) is 4 to 32 letters, digits, underscores or hyphens'),
  'inventory.serial.repeated': t('序列号重复', 'A serial is listed twice'),
  'inventory.nameTaken': t('名称已存在', 'The name is already taken'),
  'inventory.category.missing': t('分类不存在', 'The category does not exist'),
  'inventory.category.cycle': t('分类不能移到自己的下级', 'A category cannot be placed under itself'),
  'inventory.item.missing': t('物料不存在', 'The item does not exist'),
  'inventory.warehouse.missing': t('仓库不存在', 'The warehouse does not exist'),
  'inventory.customer.missing': t('客户不存在', 'The customer does not exist'),
  'inventory.nothing': t('请填写序列号或数量', 'Enter serials or a quantity'),
  'inventory.serialsForSerialized': t('“{0}”按序列号管理，请填写序列号', '"{0}" is serialized: enter its serials'),
  'inventory.quantityForPlain': t('“{0}”不按序列号管理，请填写数量', '"{0}" is not serialized: enter a quantity'),
  'inventory.serial.registered': t('序列号 {0} 已登记为设备，不能重复入库', 'Serial {0} is already registered as a device and cannot be received again'),
  'inventory.serial.unknown': t('序列号 {0} 不是本公司的设备', 'Serial {0} is not a device of the company'),
  'inventory.serial.notInWarehouse': t('序列号 {0} 不在该仓库中', 'Serial {0} is not in this warehouse'),
  'inventory.serial.otherItem': t('序列号 {0} 不属于物料“{1}”', 'Serial {0} is not of item "{1}"'),
  'inventory.serial.notShipped': t('序列号 {0} 不在已发货的出库单上', 'Serial {0} is not on a shipped outbound order'),
  'inventory.serial.move': t('序列号 {0}：{1}', 'Serial {0}: {1}'),
  'inventory.stock.negative': t('“{0}”在该仓库的库存不足（现有 {1}）', 'Not enough "{0}" in this warehouse ({1} on hand)'),
  'inventory.stock.reserved': t('“{0}”在该仓库的可用库存不足（现有 {1}，其中 {2} 已被销售订单预留）', 'Not enough "{0}" available in this warehouse ({1} on hand, {2} of it reserved for sales orders)'),
  'inventory.production.tooMany': t('超出生产单数量（还可完成 {0}）', 'More than the order still needs ({0} left)'),
  'inventory.production.state': t('生产单已完成或已取消', 'The production order is completed or cancelled'),
  'inventory.production.started': t('生产单已有完工入库，不能取消', 'The production order has produced units and cannot be cancelled'),
  'inventory.outbound.state': t('出库单已发货或已取消', 'The outbound order is shipped or cancelled'),
  'inventory.stockIn.state': t('入库单已取消', 'The stock-in document is already cancelled'),
  'inventory.stockIn.serialized': t('含序列号的入库单不能取消（设备不能回到“已创建未入库”），请用出库或停用更正', 'A stock-in with serials cannot be cancelled (a device cannot go back to "created, not stored"); correct it with an outbound or by disabling'),
  'inventory.device.inStock': t('设备在库存中或在出库单上，不能删除（请先出库或停用）', 'The device is in stock or on an outbound order and cannot be deleted (ship or disable it first)'),
  'inventory.returns.kind': t('退货须入退货仓', 'Returns go into a returns warehouse'),
};
