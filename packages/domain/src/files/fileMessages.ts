import type { Locale } from '../shared/errors';
import { fileLimits } from './files.schemas';

/** Validation texts of file and project nodes, merged into validationMessages. `{0}`, `{1}` from `key|a|b`. */
export const fileMessages: Record<string, Record<Locale, string>> = {
  'validation.file.typePattern': { 'zh-CN': '文件类型为 1 到 10 个字母或数字（如 pdf）', 'en-US': 'A file type is 1 to 10 letters or digits (e.g. pdf)' },
  'validation.file.typesRequired': { 'zh-CN': '请至少允许一种文件类型', 'en-US': 'Allow at least one file type' },
  'validation.file.maxMb': { 'zh-CN': `文件大小上限为 1 到 ${fileLimits.maxMb} MB`, 'en-US': `The size limit is 1 to ${fileLimits.maxMb} MB` },
  'validation.file.fileType': { 'zh-CN': '不允许上传该类型的文件（允许：{0}）', 'en-US': 'Files of this type cannot be uploaded (allowed: {0})' },
  'validation.file.fileSize': { 'zh-CN': '文件大小超过 {0} MB', 'en-US': 'The file size exceeds {0} MB' },
  'validation.file.notUploaded': { 'zh-CN': '文件尚未上传完成', 'en-US': 'The file has not been uploaded yet' },
  'validation.project.endBeforeStart': { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'The end date cannot be before the start date' },
  'validation.project.date': { 'zh-CN': '请输入有效的日期（yyyy-MM-dd）', 'en-US': 'Enter a valid date (yyyy-MM-dd)' },
  'validation.project.notMember': { 'zh-CN': '项目成员须为本公司用户', 'en-US': 'Project members must be users of the company' },
};
