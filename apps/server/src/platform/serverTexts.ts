import type { Locale } from '@smartdata/domain';

/** Texts the server puts in `msg` or `data`, keyed; both languages. */
export const serverTexts: Record<string, Record<Locale, string>> = {
  'auth.userNameTaken': { 'zh-CN': '用户名已存在', 'en-US': 'This user name is already taken' },
  'auth.phoneTaken': { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  'auth.smsTooSoon': { 'zh-CN': '验证码发送过于频繁，请稍后再试', 'en-US': 'A code was sent just now, please wait before asking again' },
  'auth.smsHourlyLimit': { 'zh-CN': '该手机号本小时获取验证码次数已达上限', 'en-US': 'This phone number has asked for too many codes this hour' },
  'auth.loginLocked': { 'zh-CN': '登录失败次数过多，请稍后再试', 'en-US': 'Too many failed sign-in attempts, please try again later' },
  'auth.userDisabled': { 'zh-CN': '账号已停用，请联系管理员', 'en-US': 'This account is disabled, contact your administrator' },
  'auth.noticeVersion': { 'zh-CN': '用户须知版本已更新，请重新阅读', 'en-US': 'The user notice has changed, please read it again' },
  'auth.smsMessage': {
    'zh-CN': '【智慧数据平台】您的验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    'en-US': '[SmartData Console] Your verification code is {code}, valid for {minutes} minutes. Ignore this message if you did not ask for it.',
  },
  'auth.noCompany': { 'zh-CN': '您尚未加入任何公司', 'en-US': 'You are not a member of any company yet' },
  'company.defaultName': { 'zh-CN': '{name}的公司', 'en-US': "{name}'s company" },
  'company.platformName': { 'zh-CN': '智慧数据平台', 'en-US': 'SmartData Platform' },
  'role.companyAdmin': { 'zh-CN': '公司管理员', 'en-US': 'Company administrator' },
  'role.platformAdmin': { 'zh-CN': '平台管理员', 'en-US': 'Platform administrator' },
  'storage.fileFormatIncorrect': { 'zh-CN': '文件格式错误，请上传图片类型', 'en-US': 'The file format is incorrect' },
  'storage.imageTooLarge': { 'zh-CN': '图片大小超过 3M', 'en-US': 'The image size exceeds 3M' },
  'storage.fileTooLarge': { 'zh-CN': '文件大小超过 50M', 'en-US': 'The file size exceeds 50M' },
  'storage.sizeMismatch': { 'zh-CN': '上传的文件大小与申请时声明的不一致', 'en-US': 'The uploaded file size differs from the size declared for the upload' },
  'storage.contentTypeMismatch': { 'zh-CN': '上传的文件类型与申请时声明的不一致', 'en-US': 'The uploaded file type differs from the type declared for the upload' },
  'storage.urlExpired': { 'zh-CN': '链接已过期，请重新获取', 'en-US': 'The link has expired, please ask for a new one' },
  'storage.badSignature': { 'zh-CN': '链接无效', 'en-US': 'The link is invalid' },
  'storage.alreadyUploaded': { 'zh-CN': '该文件已上传，不能覆盖', 'en-US': 'This file has already been uploaded and cannot be overwritten' },
  'storage.objectInUse': { 'zh-CN': '该文件正用作头像或公司 Logo，请通过对应功能移除', 'en-US': 'This file is in use as an avatar or company logo; remove it there' },
  'storage.notUploader': { 'zh-CN': '只有上传者或公司管理员可以删除该文件', 'en-US': 'Only the uploader or a company administrator can delete this file' },
  'tag.nameTaken': { 'zh-CN': '标签名称已存在', 'en-US': 'A tag with this name already exists' },
};
