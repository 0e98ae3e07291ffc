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
 * What moves a device from one status to another (issue 18): the documents of production and
 * inventory, binding, and the manual disable/enable of the device page.
 */
export const lifecycleDocuments = ['production', 'stockIn', 'outbound', 'outboundCancel', 'shipment', 'return', 'bind', 'unbind', 'disable', 'enable'] as const;
export type LifecycleDocument = (typeof lifecycleDocuments)[number];

/**
 * The lifecycle transitions, defined once: each allowed `from → to` and the document that makes
 * it. A production completion creates a device at 0 and receives it (stockIn 0→1); an outbound
 * order takes a stored device (1→2), cancelling it puts it back (2→1); shipping sends it out
 * (2→3); a return brings a shipped device back into the returns warehouse (3→1); binding makes a
 * shipped (or never stocked) device bound (0/3→4), unbinding shipped again (4→3); any status but
 * "on an outbound order" may be disabled (cancel the order first), and enabling a disabled device
 * gives it back the status it had before (`enableTarget`: bound comes back shipped out, since
 * disabling ends the binding), so a stored device is still where its serial is.
 */
export const lifecycleMoves: readonly { from: LifecycleStatus; to: LifecycleStatus; by: LifecycleDocument }[] = [
  { from: 0, to: 1, by: 'stockIn' },
  { from: 1, to: 2, by: 'outbound' },
  { from: 2, to: 1, by: 'outboundCancel' },
  { from: 2, to: 3, by: 'shipment' },
  { from: 3, to: 1, by: 'return' },
  { from: 0, to: 4, by: 'bind' },
  { from: 3, to: 4, by: 'bind' },
  { from: 4, to: 3, by: 'unbind' },
  { from: 0, to: 9, by: 'disable' },
  { from: 1, to: 9, by: 'disable' },
  { from: 3, to: 9, by: 'disable' },
  { from: 4, to: 9, by: 'disable' },
  { from: 9, to: 0, by: 'enable' },
  { from: 9, to: 1, by: 'enable' },
  { from: 9, to: 3, by: 'enable' },
];

/**
 * The moves a person makes by hand on the device page (`device/setStatus`): disabling and enabling.
 * Every other move is made by a document (production, stock-in, outbound order, shipment, return)
 * or by binding, so the stock ledger and each serial's place always agree with the device.
 */
export const manualDocuments: readonly LifecycleDocument[] = ['disable', 'enable'];

/**
 * The status a disabled device is enabled back to: the one it had before it was disabled
 * (`before`, from its history), bound coming back as shipped out (disabling ended the binding);
 * stored when the history does not say (a device disabled before histories were kept).
 */
export function enableTarget(before: LifecycleStatus | null): LifecycleStatus {
  if (before === 4) {
    return 3;
  }
  if (before === 0 || before === 1 || before === 3) {
    return before;
  }
  return 1;
}

/**
 * Why a person may not move a device from `from` to `to` by hand (`device/setStatus`), or null
 * when they may: only disabling (not while on an outbound order) and enabling back to
 * `enableTarget(before)`; binding has its own calls; the rest belongs to documents.
 */
export function manualMoveProblem(from: LifecycleStatus, to: LifecycleStatus, before: LifecycleStatus | null): string | null {
  if (from === to) {
    return `device.lifecycle.same|${from}|${to}`;
  }
  if (to === 9) {
    return from === 2 ? `device.lifecycle.cancelOrderFirst|${from}|${to}` : lifecycleProblem(from, to);
  }
  if (from === 9) {
    const target = enableTarget(before);
    return to === target ? null : `device.lifecycle.enableTo|${from}|${target}`;
  }
  if (to === 4 || from === 4) {
    return `device.lifecycle.useBinding|${from}|${to}`;
  }
  return `device.lifecycle.byDocument|${from}|${to}`;
}

/** Allowed transitions, from → to (every document together), derived from `lifecycleMoves`. */
export const lifecycleTransitions: Record<LifecycleStatus, readonly LifecycleStatus[]> = Object.fromEntries(
  lifecycleCodes.map((from) => [from, lifecycleMoves.filter((move) => move.from === from).map((move) => move.to)]),
) as unknown as Record<LifecycleStatus, readonly LifecycleStatus[]>;

/**
 * Why `document` may not move a device from `from` (a message key with `|from|to`), or null when
 * it may. A move allowed in general but made by another document (shipping a stored device, a
 * return of a device still in stock) is refused with the general reason or `device.lifecycle.wrongDocument`.
 */
export function documentMoveProblem(document: LifecycleDocument, from: LifecycleStatus): string | null {
  const move = lifecycleMoves.find((m) => m.by === document && m.from === from);
  if (move) {
    return null;
  }
  const to = lifecycleMoves.find((m) => m.by === document)?.to ?? from;
  return lifecycleProblem(from, to) ?? `device.lifecycle.wrongDocument|${from}|${to}`;
}

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
