/**
 * The states of sales contracts and sales orders and their moves (issue 18, docs/sales.md),
 * defined once: the server refuses any other move with the reason of `orderMoveProblem` /
 * `contractMoveProblem`; the web shows the buttons `orderActions(state)` allows.
 */

export const contractStates = ['draft', 'active', 'closed', 'cancelled'] as const;
export type ContractState = (typeof contractStates)[number];

export const salesOrderStates = ['draft', 'confirmed', 'partiallyShipped', 'shipped', 'closed', 'cancelled'] as const;
export type SalesOrderState = (typeof salesOrderStates)[number];

/** What a user does to an order; shipping is not a user action (it follows the outbound orders). */
export const salesOrderActions = ['update', 'confirm', 'cancel', 'close', 'addOutbound', 'renew'] as const;
export type SalesOrderAction = (typeof salesOrderActions)[number];

export const contractActions = ['update', 'sign', 'cancel', 'close', 'files', 'renew'] as const;
export type ContractAction = (typeof contractActions)[number];

/** From which states each order action is allowed. */
const orderActionFrom: Record<SalesOrderAction, readonly SalesOrderState[]> = {
  update: ['draft'],
  confirm: ['draft'],
  // Cancelling a confirmed order releases its reservation; once something shipped it can only be closed.
  cancel: ['draft', 'confirmed'],
  // Closing a partially shipped order gives up the rest (its reservation is released).
  close: ['partiallyShipped', 'shipped'],
  addOutbound: ['confirmed', 'partiallyShipped'],
  renew: ['confirmed', 'partiallyShipped', 'shipped', 'closed'],
};

const contractActionFrom: Record<ContractAction, readonly ContractState[]> = {
  update: ['draft'],
  sign: ['draft'],
  cancel: ['draft', 'active'],
  close: ['active'],
  files: ['draft', 'active'],
  renew: ['active'],
};

/** The state an order action leads to (update, addOutbound and renew keep it). */
export const orderActionTo: Partial<Record<SalesOrderAction, SalesOrderState>> = { confirm: 'confirmed', cancel: 'cancelled', close: 'closed' };
export const contractActionTo: Partial<Record<ContractAction, ContractState>> = { sign: 'active', cancel: 'cancelled', close: 'closed' };

export function orderActionStates(action: SalesOrderAction): readonly SalesOrderState[] {
  return orderActionFrom[action];
}
export function contractActionStates(action: ContractAction): readonly ContractState[] {
  return contractActionFrom[action];
}

/** Null when `action` is allowed on an order in `state`, else the refusal's message key. */
export function orderMoveProblem(action: SalesOrderAction, state: SalesOrderState): string | null {
  return orderActionFrom[action].includes(state) ? null : `sales.order.cannot.${action}`;
}

export function contractMoveProblem(action: ContractAction, state: ContractState): string | null {
  return contractActionFrom[action].includes(state) ? null : `sales.contract.cannot.${action}`;
}

/** The actions the web offers for an order in `state`. */
export function orderActions(state: SalesOrderState): SalesOrderAction[] {
  return salesOrderActions.filter((action) => orderActionFrom[action].includes(state));
}

export function contractActionsOf(state: ContractState): ContractAction[] {
  return contractActions.filter((action) => contractActionFrom[action].includes(state));
}

/**
 * The state of a confirmed order from its lines' shipped quantities: shipped when every line is
 * shipped in full, partially shipped when anything shipped, else still confirmed.
 */
export function shippingState(lines: readonly { quantity: number; shipped: number }[]): 'confirmed' | 'partiallyShipped' | 'shipped' {
  if (lines.length > 0 && lines.every((line) => line.shipped >= line.quantity)) {
    return 'shipped';
  }
  return lines.some((line) => line.shipped > 0) ? 'partiallyShipped' : 'confirmed';
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`): 0 the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar date `yyyy-MM-dd` of `instant` in `timeZone`. */
export function localDate(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** `yyyy-MM-dd` plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Amounts travel as yuan (two decimals) and are stored as whole fen. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;
