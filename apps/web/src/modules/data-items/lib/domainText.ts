import { validationMessage, type Locale } from '@smartdata/domain';

/**
 * The text of a domain message key with its arguments, `validation.form.required|温度` →
 * `温度：此项为必填项` (the same words the server answers with 50001). Unknown keys pass unchanged.
 */
export function domainText(key: string, locale: Locale): string {
  const [name, ...args] = key.split('|') as [string, ...string[]];
  const text = validationMessage(name, locale);
  if (text === null) {
    return key;
  }
  return args.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text);
}
