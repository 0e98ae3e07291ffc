import { deviceReasonText, encodeDeviceReason } from '@smartdata/domain';
import type { RunnerEvent } from './flowRunner';
import { modbusExceptions } from './buses';

const exceptionsZh: Record<number, string> = {
  1: '非法功能',
  2: '非法数据地址',
  3: '非法数据值',
  4: '从站设备故障',
  5: '已确认',
  6: '从站设备忙',
  8: '存储奇偶校验错误',
  10: '网关路径不可用',
  11: '网关目标设备无响应',
};

/**
 * A serial RX parser's problem as a device reason (`gateway.bus.*?node=…`, packages/domain's
 * deviceMessages): what detection answers and the console shows in the user's language.
 */
export function rxProblemReason(event: Extract<RunnerEvent, { type: 'rxProblem' }>, port: string): string {
  const { problem, nodeName: node, bus, attempts } = event;
  switch (problem.kind) {
    case 'noReply':
      return encodeDeviceReason({ key: 'gateway.bus.noReply', params: { node, bus, address: problem.address, attempts } });
    case 'badCrc':
      return encodeDeviceReason({ key: 'gateway.bus.badCrc', params: { node, bus, frame: problem.frame } });
    case 'exception': {
      const code = `0x${problem.code.toString(16).toUpperCase().padStart(2, '0')}`;
      return encodeDeviceReason({
        key: 'gateway.bus.exception',
        params: { node, address: problem.address, code, meaning: modbusExceptions[problem.code] ?? 'unknown exception', meaningZh: exceptionsZh[problem.code] ?? '未知异常' },
      });
    }
    case 'unreachable':
      return encodeDeviceReason({ key: 'gateway.bus.unreachable', params: { port, bus, error: problem.message } });
    case 'openFailed':
      return encodeDeviceReason({ key: 'gateway.bus.openFailed', params: { port, path: bus, error: problem.message } });
  }
}

/** The same in English, for the gateway's log. */
export function rxProblemText(event: Extract<RunnerEvent, { type: 'rxProblem' }>, port: string): string {
  return deviceReasonText(rxProblemReason(event, port), 'en-US');
}
