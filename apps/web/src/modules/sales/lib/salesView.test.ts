import { describe, expect, it } from 'vitest';
import type { RenewalEntry } from '@smartdata/domain';
import { formatSize } from '@/modules/files/components/formatSize';
import { availabilityOf, formatAmount, orderRenewalCount, outboundPlan, outboundWarehouses, renewalTone, shippedTotals } from './salesView';

const line = (itemId: number, warehouseId: number, quantity: number, reserved: number, shipped = 0) => ({
  itemId,
  itemName: `item ${itemId}`,
  warehouseId,
  quantity,
  reserved,
  onOutbound: quantity - reserved - shipped,
  shipped,
});

describe('renewal view', () => {
  it('reads an ended entry as expired, a week or less as urgent, later as due', () => {
    expect(renewalTone(-1)).toBe('expired');
    expect(renewalTone(0)).toBe('urgent');
    expect(renewalTone(7)).toBe('urgent');
    expect(renewalTone(8)).toBe('due');
  });

  it('counts only sales orders for the navbar, and the ended ones among them', () => {
    const entry = (kind: RenewalEntry['kind'], daysLeft: number): RenewalEntry => ({ kind, id: 1, number: 'N', customerId: 1, customerName: 'C', title: '', state: 'confirmed', endDate: '2026-12-01', daysLeft });
    expect(orderRenewalCount([entry('order', 3), entry('contract', 2), entry('order', -4)])).toEqual({ count: 2, expired: 1 });
    expect(orderRenewalCount([])).toEqual({ count: 0, expired: 0 });
  });
});

describe('order lines', () => {
  const stock = [{ itemId: 1, warehouseId: 2, quantity: 10, reserved: 4, available: 6 }];

  it('answers on hand, reserved and available of a line, zeros when nothing is stocked, nothing before both are picked', () => {
    expect(availabilityOf(stock, 1, 2)).toEqual({ onHand: 10, reserved: 4, available: 6 });
    expect(availabilityOf(stock, 1, 3)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    expect(availabilityOf(stock, undefined, 2)).toBeNull();
  });

  it('sums shipped against ordered', () => {
    expect(shippedTotals([line(1, 2, 5, 0, 5), line(3, 2, 4, 4)])).toEqual({ shipped: 5, quantity: 9 });
  });

  it('offers the warehouses of lines still reserved, once each', () => {
    expect(outboundWarehouses({ lines: [line(1, 2, 5, 5), line(3, 2, 4, 1), line(4, 7, 2, 0, 2), line(5, 8, 1, 1)] })).toEqual([2, 8]);
  });

  it('prefills an outbound order with what is still reserved in that warehouse, devices by serial', () => {
    const order = { lines: [line(1, 2, 5, 3, 2), line(3, 2, 4, 4), line(4, 7, 2, 2), line(5, 2, 1, 0, 1)] };
    expect(outboundPlan(order, 2, (id) => id === 1)).toEqual({
      serialized: [{ itemId: 1, itemName: 'item 1', left: 3 }],
      lines: [{ itemId: 3, itemName: 'item 3', quantity: 4 }],
    });
    expect(outboundPlan(order, undefined, () => false)).toEqual({ serialized: [], lines: [] });
  });
});

describe('formats', () => {
  it('writes amounts with two decimals and sizes in B, KB, MB', () => {
    expect(formatAmount(1234.5, 'en-US')).toBe('1,234.50');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
