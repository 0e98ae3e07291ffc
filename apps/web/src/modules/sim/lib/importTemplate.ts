import type { Locale } from '@smartdata/domain';

/** The import file's columns as the server reads them (simTransfer's headers), in the user's language. */
const headers: Record<Locale, string[]> = {
  'zh-CN': ['卡号', 'ICCID', '运营商', 'IMSI', '套餐名称', '套餐周期', '套餐流量(MB)', '告警阈值(%)', '备注'],
  'en-US': ['Number', 'ICCID', 'Carrier', 'IMSI', 'Plan name', 'Plan period', 'Allowance (MB)', 'Alert (%)', 'Remarks'],
};
const example: Record<Locale, string[]> = {
  'zh-CN': ['14412345678', '89860412345678901234', '移动', '', '物联网 500M', '月', '500', '80', ''],
  'en-US': ['14412345678', '89860412345678901234', 'mobile', '', 'IoT 500M', 'monthly', '500', '80', ''],
};

/** A CSV template of the import (header row and one example row), with a BOM so Excel reads it as UTF-8. */
export function importTemplateCsv(locale: Locale): string {
  return `\uFEFF${headers[locale].join(',')}\r\n${example[locale].join(',')}\r\n`;
}
