import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a module's named page export, so every route is its own chunk while pages
 * keep named exports (STYLE.md §9).
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
