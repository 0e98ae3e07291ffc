/**
 * Device lifecycle (spec §3: 0 created not stored, 1 stored, 2 on an outbound order, 3 shipped
 * out, 4 bound, 9 disabled). The spec does not show the allowed transitions; they are decided
 * here (docs/devices.md) and every module (devices, inventory) goes through `lifecycleProblem`.
 */
export const lifecycleStatuses = { created: 0, stored: 1, onOutboundOrder: 2, shippedOut: 3, bound: 4, disabled: 9 } as const;
export type LifecycleStatus = (typeof lifecycleStatuses)[keyof typeof lifecycleStatuses];
export const lifecycleCodes: readonly LifecycleStatus[] = [0, 1, 2, 3, 4, 9];

export const lifecycleNames: Record<LifecycleStatus, { 'zh-CN': string; 'en-US': string }> = {
  0: { 'zh-CN': '已创建未入库', 'en-US': 'Created, not stored' },
  1: { 'zh-CN': '已入库', 'en-US': 'Stored' },
  2: { 'zh-CN': '出库单中', 'en-US': 'On an outbound order' },
  3: { 'zh-CN': '已出库', 'en-US': 'Shipped out' },
  4: { 'zh-CN': '已绑定', 'en-US': 'Bound' },
  9: { 'zh-CN': '已停用', 'en-US': 'Disabled' },
};

/**
 * Allowed transitions, from → to. Inventory drives 0→1→2→3 (and back 2→1, 3→1 on a return);
 * binding drives 0/3→4 and unbinding 4→3; any status but disabled may be disabled, and a
 * disabled device goes back to stock (9→1).
 */
export const lifecycleTransitions: Record<LifecycleStatus, readonly LifecycleStatus[]> = {
  0: [1, 4, 9],
  1: [2, 9],
  2: [3, 1],
  3: [4, 1, 9],
  4: [3, 9],
  9: [1],
};

export function isLifecycleStatus(value: unknown): value is LifecycleStatus {
  return typeof value === 'number' && (lifecycleCodes as readonly number[]).includes(value);
}

/**
 * Why `from → to` is not allowed (a message key of deviceMessages with `|from|to` parameters),
 * or null when it is. Each illegal kind of move has its own reason.
 */
export function lifecycleProblem(from: LifecycleStatus, to: LifecycleStatus): string | null {
  if (from === to) {
    return `device.lifecycle.same|${from}|${to}`;
  }
  if (lifecycleTransitions[from].includes(to)) {
    return null;
  }
  if (from === 9) {
    return `device.lifecycle.disabled|${from}|${to}`;
  }
  if (to === 4) {
    return `device.lifecycle.bindNotShipped|${from}|${to}`;
  }
  if (from === 4) {
    return `device.lifecycle.unbindFirst|${from}|${to}`;
  }
  if (to === 3) {
    return `device.lifecycle.shipNeedsOrder|${from}|${to}`;
  }
  if (to === 2) {
    return `device.lifecycle.orderNeedsStock|${from}|${to}`;
  }
  if (to === 0) {
    return `device.lifecycle.noReturnToCreated|${from}|${to}`;
  }
  return `device.lifecycle.notAllowed|${from}|${to}`;
}

/** Binding (spec §4): unbound → awaiting device-side confirmation → bound; bound → unbound. */
export const bindStates = ['unbound', 'awaiting', 'bound'] as const;
export type BindState = (typeof bindStates)[number];
/** How long the platform waits for the one-key confirmation on the device (decided: 2 minutes). */
export const bindConfirmTimeoutMs = 2 * 60 * 1000;
/** Lifecycle statuses a device may be bound from. */
export const bindableStatuses: readonly LifecycleStatus[] = [0, 3];
