import type { RenewalEntry, SalesOrder, SalesOrderLine, StockAvailabilityRow } from '@smartdata/domain';

/** Entries of the renewal view at most this many days before their end are shown as urgent (orange). */
export const RENEWAL_URGENT_DAYS = 7;

export type RenewalTone = 'expired' | 'urgent' | 'due';

/** How a renewal entry reads: ended (red), within a week (orange), later in the window. */
export function renewalTone(daysLeft: number): RenewalTone {
  if (daysLeft < 0) {
    return 'expired';
  }
  return daysLeft <= RENEWAL_URGENT_DAYS ? 'urgent' : 'due';
}

/** The navbar count: sales orders (not contracts) ending within the window or already ended. */
export function orderRenewalCount(list: readonly RenewalEntry[]): { count: number; expired: number } {
  const orders = list.filter((entry) => entry.kind === 'order');
  return { count: orders.length, expired: orders.filter((entry) => entry.daysLeft < 0).length };
}

export interface Availability {
  onHand: number;
  reserved: number;
  available: number;
}

/** On hand, reserved and available of an item in a warehouse (nothing stocked: zeros). */
export function availabilityOf(stock: readonly StockAvailabilityRow[], itemId: number | undefined, warehouseId: number | undefined): Availability | null {
  if (!itemId || !warehouseId) {
    return null;
  }
  const row = stock.find((r) => r.itemId === itemId && r.warehouseId === warehouseId);
  return row ? { onHand: row.quantity, reserved: row.reserved, available: row.available } : { onHand: 0, reserved: 0, available: 0 };
}

/** Shipped against ordered over all lines ("3 / 5"). */
export function shippedTotals(lines: readonly Pick<SalesOrderLine, 'quantity' | 'shipped'>[]): { shipped: number; quantity: number } {
  return lines.reduce((sum, line) => ({ shipped: sum.shipped + line.shipped, quantity: sum.quantity + line.quantity }), { shipped: 0, quantity: 0 });
}

/** The warehouses an outbound order for this order can come out of: those of lines still reserved. */
export function outboundWarehouses(order: Pick<SalesOrder, 'lines'>): number[] {
  return [...new Set(order.lines.filter((line) => line.reserved > 0).map((line) => line.warehouseId))];
}

export interface OutboundPlan {
  /** Serialized lines: how many serials to scan per item. */
  serialized: { itemId: number; itemName: string; left: number }[];
  /** Plain lines, prefilled with what is still reserved. */
  lines: { itemId: number; itemName: string; quantity: number }[];
}

/**
 * What an outbound order for the order out of `warehouseId` takes, prefilled with what is still
 * reserved per line; `isSerialized` tells device models (scanned by serial) from plain items.
 */
export function outboundPlan(order: Pick<SalesOrder, 'lines'>, warehouseId: number | undefined, isSerialized: (itemId: number) => boolean): OutboundPlan {
  const plan: OutboundPlan = { serialized: [], lines: [] };
  for (const line of order.lines) {
    if (line.warehouseId !== warehouseId || line.reserved <= 0) {
      continue;
    }
    if (isSerialized(line.itemId)) {
      plan.serialized.push({ itemId: line.itemId, itemName: line.itemName, left: line.reserved });
    } else {
      plan.lines.push({ itemId: line.itemId, itemName: line.itemName, quantity: line.reserved });
    }
  }
  return plan;
}

/** Yuan with two decimals and thousands separators (contract amounts). */
export function formatAmount(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}
