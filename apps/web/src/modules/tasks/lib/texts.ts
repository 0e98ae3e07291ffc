import { taskMessages, validationMessage, type Locale, type RunView } from '@smartdata/domain';

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

/** Why a run happened, in words; a recompute with the count of the late values that called for it (issue 31.8). */
export function runKindText(run: Pick<RunView, 'kind' | 'triggers'>, locale: Locale, t: (key: string, options?: Record<string, unknown>) => string): string {
  return run.kind === 'recompute' && run.triggers ? t('log.lateValues', { count: run.triggers }) : taskText(`task.kind.${run.kind}`, locale);
}
