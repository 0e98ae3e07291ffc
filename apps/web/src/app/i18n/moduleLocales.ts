import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Each module's texts are one i18next namespace named as the module folder, loaded on first use
 * from modules/<module>/locales/<language>.json. A new module needs no registration here, and the
 * entry bundle does not grow with the number of modules.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('/src/modules/*/locales/*.json');

export function moduleLocalePath(namespace: string, language: string): string {
  return `/src/modules/${namespace}/locales/${language}.json`;
}

/** Namespaces that have locale files (one per module). */
export const moduleNamespaces: string[] = [
  ...new Set(Object.keys(loaders).map((path) => path.split('/')[3]).filter((name): name is string => Boolean(name))),
];

export const moduleLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = loaders[moduleLocalePath(namespace, language)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
