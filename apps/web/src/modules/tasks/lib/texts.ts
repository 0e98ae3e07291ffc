import { taskMessages, validationMessage, type Locale } from '@smartdata/domain';

/**
 * A domain text key (task.* or validation.*, with `|`-separated arguments for `{0}`, `{1}`, as the
 * server sends them in a run's error or a 50001 answer) in the interface language; the key itself
 * when unknown, so nothing is hidden.
 */
export function taskText(key: string, locale: Locale): string {
  const [name = '', ...args] = key.split('|');
  const text = taskMessages[name]?.[locale] ?? validationMessage(name, locale);
  return text ? args.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text) : key;
}

/** An acquisition method in words (task.method.*). */
export function methodText(method: string, locale: Locale): string {
  return taskMessages[`task.method.${method}`]?.[locale] ?? method;
}
