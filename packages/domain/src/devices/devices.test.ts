import { describe, expect, it } from 'vitest';
import { enableTarget, lifecycleCodes, lifecycleProblem, lifecycleTransitions, manualMoveProblem } from './lifecycle';
import { devicePublishAllowed, deviceSubscribeAllowed, parseUpTopic, topicForDevice } from './topics';
import { deviceCommand, deviceEvent, parseTelemetry } from './payloads';
import { deviceMessage, deviceReasonText, encodeDeviceReason } from './deviceMessages';
import { addDeviceRequest, deviceListQuery, setDeviceStatusRequest } from './devices.schemas';
import { certificateFileProblem } from '../gateways/config';
import { userTexts } from '../shared/texts';

describe('device lifecycle', () => {
  it('allows exactly the documented moves', () => {
    const allowed: string[] = [];
    for (const from of lifecycleCodes) {
      for (const to of lifecycleCodes) {
        if (lifecycleProblem(from, to) === null) {
          allowed.push(`${from}>${to}`);
        }
      }
    }
    expect(allowed).toEqual(['0>1', '0>4', '0>9', '1>2', '1>9', '2>1', '2>3', '3>1', '3>4', '3>9', '4>3', '4>9', '9>0', '9>1', '9>3']);
    for (const from of lifecycleCodes) {
      for (const to of lifecycleTransitions[from]) {
        expect(lifecycleProblem(from, to)).toBeNull();
      }
    }
  });

  it('by hand: only disabling (not on an outbound order) and enabling back to the status before', () => {
    const byHand: string[] = [];
    for (const from of lifecycleCodes) {
      for (const to of lifecycleCodes) {
        if (manualMoveProblem(from, to, 1) === null) {
          byHand.push(`${from}>${to}`);
        }
      }
    }
    expect(byHand).toEqual(['0>9', '1>9', '3>9', '4>9', '9>1']);
    expect([0, 1, 3, 4, null].map((before) => enableTarget(before as never))).toEqual([0, 1, 3, 3, 1]);
    expect(manualMoveProblem(9, 3, 4)).toBeNull();
    expect(deviceMessage(manualMoveProblem(9, 1, 4)!, 'en-US')).toBe('A disabled device is enabled back to "Shipped out", its status before it was disabled');
    expect(deviceMessage(manualMoveProblem(1, 2, null)!, 'zh-CN')).toBe('“已入库”变为“出库单中”须通过单据：生产单完工、入库、出库单、发货或退货');
    expect(deviceMessage(manualMoveProblem(2, 9, null)!, 'zh-CN')).toBe('设备在出库单中，须先取消出库单才能停用');
    expect(manualMoveProblem(3, 4, null)).toMatch(/^device\.lifecycle\.useBinding/);
    expect(manualMoveProblem(1, 1, null)).toMatch(/^device\.lifecycle\.same/);
  });

  it('gives every illegal move a reason naming both statuses', () => {
    expect(lifecycleProblem(1, 4)).toBe('device.lifecycle.bindNotShipped|1|4');
    expect(deviceMessage('device.lifecycle.bindNotShipped|1|4', 'en-US')).toBe('Only a device that is created or shipped out can be bound (it is "Stored")');
    expect(deviceMessage(lifecycleProblem(9, 4)!, 'zh-CN')).toBe('已停用的设备只能启用，回到停用前的状态（“已停用”不能变为“已绑定”）');
    expect(lifecycleProblem(4, 1)).toMatch(/^device\.lifecycle\.unbindFirst/);
    expect(lifecycleProblem(1, 3)).toMatch(/^device\.lifecycle\.shipNeedsOrder/);
    expect(lifecycleProblem(0, 2)).toMatch(/^device\.lifecycle\.orderNeedsStock/);
    expect(lifecycleProblem(3, 0)).toMatch(/^device\.lifecycle\.noReturnToCreated/);
    expect(lifecycleProblem(3, 3)).toMatch(/^device\.lifecycle\.same/);
    for (const from of lifecycleCodes) {
      for (const to of lifecycleCodes) {
        const problem = lifecycleProblem(from, to);
        if (problem) {
          expect(deviceMessage(problem, 'en-US')).not.toContain('{');
        }
      }
    }
  });
});

describe('device topics', () => {
  it('lets a device publish only its own up topics and subscribe only its own down topics', () => {
    expect(devicePublishAllowed('DTU0001', 'sd/DTU0001/up/telemetry')).toBe(true);
    expect(devicePublishAllowed('DTU0001', 'sd/DTU0002/up/telemetry')).toBe(false);
    expect(devicePublishAllowed('DTU0001', 'sd/DTU0001/down/cmd')).toBe(false);
    expect(devicePublishAllowed('DTU0001', 'sd/DTU0001/up/')).toBe(false);
    expect(deviceSubscribeAllowed('DTU0001', 'sd/DTU0001/down/cmd')).toBe(true);
    expect(deviceSubscribeAllowed('DTU0001', 'sd/DTU0001/down/#')).toBe(true);
    expect(deviceSubscribeAllowed('DTU0001', 'sd/+/down/cmd')).toBe(false);
    expect(deviceSubscribeAllowed('DTU0001', '#')).toBe(false);
    expect(deviceSubscribeAllowed('DTU0001', 'sd/DTU0001/up/telemetry')).toBe(false);
    expect(parseUpTopic('sd/A-1_x/up/online')).toEqual({ sn: 'A-1_x', kind: 'online' });
    expect(parseUpTopic('sd/A/down/cmd')).toBeNull();
    expect(topicForDevice('sd/{sn}/up/telemetry', 'SIM0001')).toBe('sd/SIM0001/up/telemetry');
  });
});

describe('device payloads', () => {
  it('reads telemetry in the documented shape and the flat shape of a flow body', () => {
    expect(parseTelemetry({ ts: 1_700_000_000_000, values: { temperature: 21.5, state: 'ok' } })).toEqual({ ts: 1_700_000_000_000, values: { temperature: 21.5, state: 'ok' } });
    expect(parseTelemetry({ temperature: 21.5, ts: 1_700_000_000 })).toEqual({ ts: 1_700_000_000_000, values: { temperature: 21.5 } });
    expect(parseTelemetry({ values: {} })).toBeNull();
    expect(parseTelemetry({ a: { nested: 1 } })).toBeNull();
    expect(parseTelemetry('21.5')).toBeNull();
    expect(parseTelemetry({ a: 1 }, 42_000_000_000_000)?.ts).toBe(42_000_000_000_000);
    // Each value a finite number or a string of at most 1 000; keys of 1–64 characters; else no telemetry at all.
    expect(parseTelemetry({ values: { a: 'x'.repeat(1000), b: -0.5 } })?.values).toEqual({ a: 'x'.repeat(1000), b: -0.5 });
    for (const bad of ['x'.repeat(1001), Number.NaN, Number.POSITIVE_INFINITY, true, null, [1]]) {
      expect(parseTelemetry({ values: { a: 1, b: bad } })).toBeNull();
    }
    expect(parseTelemetry({ values: { ['k'.repeat(65)]: 1 } })).toBeNull();
    expect(parseTelemetry({ values: { ['k'.repeat(64)]: 1 } })).not.toBeNull();
  });

  it('parses commands and events', () => {
    expect(deviceCommand.safeParse({ type: 'bind', cmdId: 'c1', companyName: 'A', code: '123456' }).success).toBe(true);
    expect(deviceCommand.safeParse({ type: 'reboot', cmdId: 'c1' }).success).toBe(false);
    expect(deviceEvent.parse({ type: 'detectResult', cmdId: 'c1', passed: false })).toEqual({ type: 'detectResult', cmdId: 'c1', passed: false, reasons: [] });
    expect(deviceEvent.safeParse({ type: 'otaProgress', cmdId: 'c', percent: 120 }).success).toBe(false);
  });
});

describe('device requests', () => {
  it('checks name, SN and model', () => {
    expect(addDeviceRequest.safeParse({ name: 'Boiler', sn: 'DTU0001', model: 'SD-DTU' }).success).toBe(true);
    expect(addDeviceRequest.safeParse({ name: '', sn: 'DTU0001', model: 'SD-DTU' }).success).toBe(false);
    expect(addDeviceRequest.safeParse({ name: 'A', sn: 'sd/#', model: 'SD-DTU' }).success).toBe(false);
    expect(addDeviceRequest.safeParse({ name: 'A', sn: 'abc', model: 'SD-DTU' }).success).toBe(false);
    expect(setDeviceStatusRequest.safeParse({ id: 1, status: 5 }).success).toBe(false);
    expect(deviceListQuery.parse({ online: '1', status: '4' })).toMatchObject({ online: true, status: 4, pageNum: 1 });
  });

  it('checks certificate files by extension and size', () => {
    expect(certificateFileProblem('ca.pem', 1000)).toBeNull();
    expect(certificateFileProblem('CA.CER', 1000)).toBeNull();
    expect(certificateFileProblem('ca.ctr', 1000)).toBeNull();
    expect(certificateFileProblem('ca.crt', 1000)).toBe('cert.extension');
    expect(certificateFileProblem('ca.pem', 65 * 1024)).toBe('cert.tooLarge|64');
  });

  it('uses the spec texts word for word', () => {
    expect(deviceMessage('device.bind.notBound', 'zh-CN')).toBe(userTexts.gatewayNotBound['zh-CN']);
    expect(deviceMessage('device.ota.offline', 'zh-CN')).toBe('当前设备离线，无法升级固件。');
    expect(deviceMessage('device.ota.failed', 'en-US')).toBe('Firmware update failed, please try again later');
    expect(deviceMessage('device.config.offline', 'zh-CN')).toBe('当前设备离线，无法远程更新配置。');
    expect(deviceMessage('device.config.failed', 'en-US')).toBe('Remote gateway update failed');
    expect(deviceMessage('device.detect.passed', 'zh-CN')).toBe('检测通过');
    expect(deviceMessage('device.detect.failed', 'zh-CN')).toBe('未通过检测');
    expect(deviceMessage('flow.edge.exists', 'zh-CN')).toBe('该连线关系已存在,不允许重复创建');
    expect(deviceMessage('nothing', 'zh-CN')).toBeNull();
  });

  it('encodes device reasons so the browser can translate them', () => {
    const reason = encodeDeviceReason({ key: 'flow.firmware.tooOld', params: { version: '1.3.2', firmware: '1.3.1' } });
    expect(reason).toBe('flow.firmware.tooOld?version=1.3.2&firmware=1.3.1');
    expect(deviceReasonText(reason, 'en-US')).toBe('This feature needs firmware 1.3.2 or later (the gateway has 1.3.1)');
    expect(deviceReasonText('sensor on fire', 'zh-CN')).toBe('sensor on fire');
  });
});
