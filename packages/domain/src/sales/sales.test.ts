import { describe, expect, it } from 'vitest';
import { validationMessage } from '../validationMessages';
import { addContractRequest, addSalesOrderRequest, addSalesOutboundRequest, isCalendarDate, renewalsQuery } from './sales.schemas';
import { salesMessages } from './salesMessages';
import {
  addDays,
  contractActions,
  contractActionsOf,
  contractMoveProblem,
  contractStates,
  daysBetween,
  fromCents,
  localDate,
  orderActions,
  orderMoveProblem,
  salesOrderActions,
  salesOrderStates,
  shippingState,
  toCents,
} from './salesRules';

describe('sales order moves (issue 18)', () => {
  it('allows exactly the moves of the states table', () => {
    expect(Object.fromEntries(salesOrderStates.map((state) => [state, orderActions(state)]))).toEqual({
      draft: ['update', 'confirm', 'cancel'],
      confirmed: ['cancel', 'addOutbound', 'renew'],
      partiallyShipped: ['close', 'addOutbound', 'renew'],
      shipped: ['close', 'renew'],
      closed: ['renew'],
      cancelled: [],
    });
  });

  it('names the refusal of every other move, with a text in both languages', () => {
    for (const action of salesOrderActions) {
      for (const state of salesOrderStates) {
        const problem = orderMoveProblem(action, state);
        expect(problem === null, `${action} from ${state}`).toBe(orderActions(state).includes(action));
        if (problem) {
          expect(salesMessages[problem]?.['zh-CN'], problem).toBeTruthy();
          expect(salesMessages[problem]?.['en-US'], problem).toBeTruthy();
        }
      }
    }
  });

  it('contracts: draft → active (sign) → closed; cancelled from draft or active; files while draft or active', () => {
    expect(Object.fromEntries(contractStates.map((state) => [state, contractActionsOf(state)]))).toEqual({
      draft: ['update', 'sign', 'cancel', 'files'],
      active: ['cancel', 'close', 'files', 'renew'],
      closed: [],
      cancelled: [],
    });
    for (const action of contractActions) {
      for (const state of contractStates) {
        const problem = contractMoveProblem(action, state);
        if (problem) {
          expect(validationMessage(problem, 'en-US'), problem).toBeTruthy();
        }
      }
    }
  });

  it('derives the shipping state from the shipped quantities', () => {
    expect(shippingState([{ quantity: 3, shipped: 0 }])).toBe('confirmed');
    expect(shippingState([{ quantity: 3, shipped: 1 }])).toBe('partiallyShipped');
    expect(shippingState([{ quantity: 3, shipped: 3 }, { quantity: 2, shipped: 0 }])).toBe('partiallyShipped');
    expect(shippingState([{ quantity: 3, shipped: 3 }, { quantity: 2, shipped: 2 }])).toBe('shipped');
    expect(shippingState([])).toBe('confirmed');
  });
});

describe('dates and amounts', () => {
  it('counts days between calendar dates and reads the date in a zone', () => {
    expect(daysBetween('2026-11-28', '2026-12-28')).toBe(30);
    expect(daysBetween('2026-11-28', '2026-11-25')).toBe(-3);
    expect(daysBetween('2027-02-28', '2027-03-01')).toBe(1);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    // 2026-11-28 20:00 UTC is already the 29th in Shanghai.
    expect(localDate(Date.UTC(2026, 10, 28, 20), 'Asia/Shanghai')).toBe('2026-11-29');
    expect(localDate(Date.UTC(2026, 10, 28, 20), 'UTC')).toBe('2026-11-28');
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('keeps amounts to the fen', () => {
    expect(toCents(12345.67)).toBe(1234567);
    expect(fromCents(1234567)).toBe(12345.67);
    expect(addContractRequest.safeParse({ customer: 'A', title: 'T', amount: 0.1 + 0.2 }).success).toBe(true);
    expect(addContractRequest.safeParse({ customer: 'A', title: 'T', amount: 1.005 }).success).toBe(false);
    expect(addContractRequest.safeParse({ customer: 'A', title: 'T', amount: -1 }).success).toBe(false);
  });
});

describe('request schemas', () => {
  const line = { itemId: 1, warehouseId: 2, quantity: 3 };
  it('an order has at least one line, each item and warehouse once', () => {
    expect(addSalesOrderRequest.parse({ customer: 'A', lines: [line] })).toMatchObject({ contractId: null, serviceEndDate: null, remarks: '' });
    expect(addSalesOrderRequest.safeParse({ customer: 'A', lines: [] }).error?.issues[0].message).toBe('validation.sales.noLines');
    expect(addSalesOrderRequest.safeParse({ customer: 'A', lines: [line, { ...line, quantity: 1 }] }).error?.issues[0].message).toBe('validation.sales.lineRepeated');
    expect(addSalesOrderRequest.safeParse({ customer: 'A', lines: [line, { ...line, warehouseId: 3 }] }).success).toBe(true);
    expect(addSalesOrderRequest.safeParse({ customer: 'A', lines: [line], number: 'SO 1' }).success).toBe(false);
    expect(addSalesOrderRequest.parse({ customer: 'A', lines: [line], number: '' }).number).toBeUndefined();
  });

  it('a contract ends after it starts; the renewal window has bounds', () => {
    expect(addContractRequest.safeParse({ customer: 7, title: 'T', startDate: '2027-01-02', endDate: '2027-01-01' }).error?.issues[0].message).toBe('validation.sales.endBeforeStart');
    expect(addContractRequest.parse({ customer: 7, title: 'T', startDate: '', endDate: '2027-01-01' })).toMatchObject({ startDate: null, endDate: '2027-01-01', amount: 0 });
    expect(renewalsQuery.parse({})).toEqual({ days: 30, pastDays: 90 });
    expect(renewalsQuery.parse({ days: '7' }).days).toBe(7);
    expect(renewalsQuery.safeParse({ days: 367 }).success).toBe(false);
    expect(addSalesOutboundRequest.safeParse({ orderId: 1, warehouseId: 1, serials: ['ABCD1', 'abcd1'] }).success).toBe(false);
  });

  it('every message key of the schemas has a text in both languages', () => {
    for (const key of Object.keys(salesMessages)) {
      expect(validationMessage(key, 'zh-CN'), key).toBeTruthy();
      expect(validationMessage(key, 'en-US'), key).toBeTruthy();
    }
  });
});
