import { describe, expect, it } from 'vitest';
import { inventoryLinkProblem, mayPickInventory } from './inventoryLinks';

describe('an order’s inventory links, checked as gas.service checkedPlan does', () => {
  it('none at all is fine', () => {
    expect(inventoryLinkProblem({ parentItemIds: { CO2: undefined, N2: undefined } })).toBeNull();
  });
  it('an item (a parent’s or the product’s) needs the warehouse', () => {
    expect(inventoryLinkProblem({ parentItemIds: { CO2: 3 } })).toBe('warehouseRequired');
    expect(inventoryLinkProblem({ parentItemIds: {}, productItemId: 4 })).toBe('warehouseRequired');
  });
  it('a warehouse needs at least one item', () => {
    expect(inventoryLinkProblem({ parentItemIds: { CO2: undefined }, warehouseId: 2 })).toBe('itemRequired');
    expect(inventoryLinkProblem({ parentItemIds: { CO2: 3 }, warehouseId: 2 })).toBeNull();
    expect(inventoryLinkProblem({ parentItemIds: {}, productItemId: 4, warehouseId: 2 })).toBeNull();
  });
  it('is offered for the codes that may list inventory’s items', () => {
    expect(mayPickInventory(new Set(['gs_blending']))).toBe(false);
    expect(mayPickInventory(new Set(['gs_blending', 'iv_warehousing']))).toBe(true);
    expect(mayPickInventory(new Set(['sl_order']))).toBe(true);
  });
});
