import { describe, expect, it } from 'vitest';
import { documentMoveProblem, lifecycleCodes, lifecycleDocuments, lifecycleMoves, lifecycleProblem } from '../devices/lifecycle';
import { deviceMessage } from '../devices/deviceMessages';
import { addOutboundRequest, completeProductionRequest, shipRequest } from './inventory.schemas';
import { inventoryMessages } from './inventoryMessages';
import { validationMessage } from '../validationMessages';

describe('lifecycle moves by document (issue 18)', () => {
  it('lets each document make exactly its moves', () => {
    const table = lifecycleDocuments.map((document) => `${document}: ${lifecycleCodes.filter((from) => documentMoveProblem(document, from) === null).join(',')}`);
    expect(table).toEqual([
      'production: ',
      'stockIn: 0',
      'outbound: 1',
      'outboundCancel: 2',
      'shipment: 2',
      'return: 3',
      'bind: 0,3',
      'unbind: 4',
      'disable: 0,1,3,4',
      'enable: 9',
    ]);
  });

  it('every move is a general transition and every general transition has a document', () => {
    for (const move of lifecycleMoves) {
      expect(lifecycleProblem(move.from, move.to)).toBeNull();
    }
    for (const from of lifecycleCodes) {
      for (const to of lifecycleCodes) {
        const byDocument = lifecycleMoves.some((m) => m.from === from && m.to === to);
        expect(lifecycleProblem(from, to) === null).toBe(byDocument);
      }
    }
  });

  it('names the reason of a refused move in both languages', () => {
    expect(documentMoveProblem('shipment', 1)).toBe('device.lifecycle.shipNeedsOrder|1|3');
    expect(deviceMessage('device.lifecycle.shipNeedsOrder|1|3', 'en-US')).toBe('A device must be on an outbound order before it ships ("Stored" cannot become "Shipped out")');
    expect(documentMoveProblem('stockIn', 1)).toBe('device.lifecycle.same|1|1');
    expect(deviceMessage('device.lifecycle.same|1|1', 'zh-CN')).toBe('设备已处于“已入库”状态');
    expect(documentMoveProblem('outbound', 3)).toBe('device.lifecycle.orderNeedsStock|3|2');
    expect(documentMoveProblem('return', 4)).toBe('device.lifecycle.unbindFirst|4|1');
  });
});

describe('inventory schemas', () => {
  it('takes a customer by id or by name and refuses a serial listed twice', () => {
    expect(addOutboundRequest.parse({ warehouseId: '3', customer: 'ACME', serials: ['SN0001'] })).toMatchObject({ warehouseId: 3, customer: 'ACME', serials: ['SN0001'] });
    expect(addOutboundRequest.parse({ warehouseId: 3, customer: 7 }).serials).toEqual([]);
    const twice = completeProductionRequest.safeParse({ id: 1, serials: ['SN0001', 'sn0001'] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0].message).toBe('inventory.serial.repeated');
    expect(shipRequest.safeParse({ id: 1, carrier: '', trackingNo: 'x' }).success).toBe(false);
  });

  it('has every message in both languages', () => {
    for (const key of Object.keys(inventoryMessages)) {
      expect(validationMessage(key, 'zh-CN')).toBeTruthy();
      expect(validationMessage(key, 'en-US')).toBeTruthy();
    }
  });
});
