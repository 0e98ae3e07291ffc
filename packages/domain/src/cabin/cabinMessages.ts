import type { Locale } from '../shared/errors';
import { limits } from '../shared/limits';
import { userTexts } from '../shared/texts';

const max = {
  name: limits.generalNameLength,
  decimals: limits.resultDecimalPlacesMax,
};

/**
 * Validation texts of the data cabin and data items (cabin.schemas.ts, data-items/),
 * merged into validationMessages. `{0}`, `{1}` are filled from `key|a|b` (field or element name,
 * limit).
 */
export const cabinMessages: Record<string, Record<Locale, string>> = {
  'validation.dataItemName.tooLong': { 'zh-CN': `数据项名称最多 ${max.name} 个字符`, 'en-US': `A data item name can have at most ${max.name} characters` },
  'validation.dataItemName.special': {
    'zh-CN': '数据项名称不能包含特殊字符（只能使用文字、数字、空格、下划线和连字符）',
    'en-US': 'A data item name cannot contain special characters (only letters, digits, spaces, underscores and hyphens)',
  },
  'validation.fieldName.pattern': {
    'zh-CN': '字段标识须以英文字母开头，只能包含英文字母、数字和下划线，最多 32 个字符',
    'en-US': 'A field key must start with a letter and contain only letters, digits and underscores (at most 32)',
  },
  'validation.fieldName.reserved': { 'zh-CN': 'id、createdAt、updatedAt、parentRecordId 为系统保留字段标识', 'en-US': 'id, createdAt, updatedAt and parentRecordId are reserved field keys' },
  'validation.fieldName.duplicate': { 'zh-CN': '字段标识在数据项内不能重复', 'en-US': 'Field keys must be unique within the data item' },
  'validation.field.decimalPlaces': { 'zh-CN': `小数位数为 0 到 ${max.decimals}`, 'en-US': `Decimal places are 0 to ${max.decimals}` },
  'validation.field.decimalPlacesOnlyNumbers': { 'zh-CN': '只有小数和货币字段可以设置小数位数', 'en-US': 'Only decimal and currency fields have decimal places' },
  'validation.field.dateDisplayOnlyDates': { 'zh-CN': '只有日期时间字段可以设置日期显示方式', 'en-US': 'Only date-time fields have a date display' },
  'validation.field.indexedType': { 'zh-CN': '长文本、图片和文件字段不能建立索引', 'en-US': 'Long text, picture and file fields cannot be indexed' },
  'validation.field.indexedTooMany': { 'zh-CN': '一个数据项最多 5 个索引字段', 'en-US': 'A data item can have at most 5 indexed fields' },
  'validation.dataItem.noFields': { 'zh-CN': '请至少添加一个字段', 'en-US': 'Add at least one field' },
  'validation.dataItem.expiryDays': { 'zh-CN': '数据保留天数为 1 到 3650 天', 'en-US': 'Values are kept 1 to 3650 days' },
  'validation.dataItem.directoryRequired': { 'zh-CN': '请选择上级目录', 'en-US': 'Choose the parent directory' },
  'validation.dataItem.kindRequired': { 'zh-CN': '请选择数据项类型', 'en-US': 'Choose the data item type' },
  'validation.value.required': { 'zh-CN': '{0}：此项为必填项', 'en-US': '{0}: this field is required' },
  'validation.value.number': { 'zh-CN': '{0}：请输入数字', 'en-US': '{0}: enter a number' },
  'validation.value.integer': { 'zh-CN': '{0}：请输入整数', 'en-US': '{0}: enter a whole number' },
  'validation.value.dateTime': {
    'zh-CN': '{0}：请输入有效的日期时间（毫秒时间戳或 yyyy-MM-dd HH:mm:ss）',
    'en-US': '{0}: enter a valid date-time (epoch milliseconds or yyyy-MM-dd HH:mm:ss)',
  },
  'validation.value.text': { 'zh-CN': '{0}：请输入文本', 'en-US': '{0}: enter text' },
  // Spec §8's own text, word for word, after the field's label.
  'validation.value.tooLong': { 'zh-CN': `{0}：${userTexts.dataTooLong['zh-CN']}`, 'en-US': `{0}: ${userTexts.dataTooLong['en-US']}` },
  'validation.value.attachment': { 'zh-CN': '{0}：请先上传文件', 'en-US': '{0}: upload the file first' },
  'validation.value.pictureFormat': { 'zh-CN': '{0}：文件格式错误，请上传图片类型', 'en-US': '{0}: The file format is incorrect' },
  'validation.value.pictureTooLarge': { 'zh-CN': '{0}：图片大小超过 3M', 'en-US': '{0}: The image size exceeds 3M' },
  'validation.value.tooManyFiles': { 'zh-CN': '{0}：文件数量超过上限', 'en-US': '{0}: too many files' },
  'validation.value.unknownField': { 'zh-CN': '{0}：数据项没有该字段', 'en-US': '{0}: the data item has no such field' },
  'validation.form.optionComma': { 'zh-CN': '选项值不能包含逗号', 'en-US': 'An option value cannot contain a comma' },
  'validation.form.fieldRequired': { 'zh-CN': '请选择绑定字段', 'en-US': 'Choose the bound field' },
  'validation.form.maxCount': { 'zh-CN': '最大上传数量为 1 到 9', 'en-US': 'The maximum upload count is 1 to 9' },
  'validation.form.empty': { 'zh-CN': '表单至少需要一个元素', 'en-US': 'A form needs at least one element' },
  'validation.form.duplicateKey': { 'zh-CN': '{0}：元素标识重复', 'en-US': '{0}: duplicate element key' },
  'validation.form.unknownField': { 'zh-CN': '{0}：绑定的字段不存在', 'en-US': '{0}: the bound field does not exist' },
  'validation.form.incompatible': { 'zh-CN': '{0}：元素类型与绑定字段的类型不匹配', 'en-US': '{0}: the element does not suit the type of its bound field' },
  'validation.form.duplicateField': { 'zh-CN': '{0}：该字段已绑定到其他元素', 'en-US': '{0}: the field is already bound to another element' },
  'validation.form.minMax': { 'zh-CN': '{0}：最小值不能大于最大值', 'en-US': '{0}: the minimum cannot be above the maximum' },
  'validation.form.options': { 'zh-CN': '{0}：请至少添加一个选项', 'en-US': '{0}: add at least one option' },
  'validation.form.integerDecimals': { 'zh-CN': '{0}：整数字段不能有小数位', 'en-US': '{0}: an integer field has no decimal places' },
  'validation.form.requiredFieldMissing': { 'zh-CN': '必填字段“{0}”必须放在表单上', 'en-US': 'The required field "{0}" must be on the form' },
  'validation.form.notInForm': { 'zh-CN': '{0}：不是表单中的字段', 'en-US': '{0}: not a field of this form' },
  'validation.form.required': { 'zh-CN': '{0}：此项为必填项', 'en-US': '{0}: this field is required' },
  'validation.form.number': { 'zh-CN': '{0}：请输入数字', 'en-US': '{0}: enter a number' },
  'validation.form.belowMin': { 'zh-CN': '{0}：不能小于 {1}', 'en-US': '{0}: cannot be less than {1}' },
  'validation.form.aboveMax': { 'zh-CN': '{0}：不能大于 {1}', 'en-US': '{0}: cannot be more than {1}' },
  'validation.form.decimalPlaces': { 'zh-CN': '{0}：最多 {1} 位小数', 'en-US': '{0}: at most {1} decimal places' },
  'validation.form.shorterThan': { 'zh-CN': '{0}：至少 {1} 个字符', 'en-US': '{0}: at least {1} characters' },
  'validation.form.longerThan': { 'zh-CN': '{0}：最多 {1} 个字符', 'en-US': '{0}: at most {1} characters' },
  'validation.form.notAnOption': { 'zh-CN': '{0}：请从选项中选择', 'en-US': '{0}: choose one of the options' },
  'validation.form.chooseAtLeast': { 'zh-CN': '{0}：至少选择 {1} 项', 'en-US': '{0}: choose at least {1}' },
  'validation.form.chooseAtMost': { 'zh-CN': '{0}：最多选择 {1} 项', 'en-US': '{0}: choose at most {1}' },
  'validation.form.maxUploads': { 'zh-CN': '{0}：最多上传 {1} 个文件', 'en-US': '{0}: upload at most {1} files' },
  'validation.jump.conditionValue': { 'zh-CN': '跳转条件需要来源字段或固定值', 'en-US': 'A jump condition needs a source field or a value' },
  'validation.jump.targetRequired': { 'zh-CN': '请选择目标数据项', 'en-US': 'Choose the target data item' },
  'validation.jump.self': { 'zh-CN': '跳转目标不能是数据项本身', 'en-US': 'A jump destination cannot be its own data item' },
  'validation.forward.targetRequired': { 'zh-CN': '请选择转发的目标数据项', 'en-US': 'Choose the data item to forward to' },
  'validation.forward.noMappings': { 'zh-CN': '请至少选择一个要转发的字段', 'en-US': 'Choose at least one field to forward' },
  'validation.forward.self': { 'zh-CN': '不能转发到数据项本身', 'en-US': 'A data item cannot forward to itself' },
};
