import type { BindState, ConfigState, DetectState, DeviceItem, FlowDocument } from '@smartdata/domain';
import type { CabinCaller } from '../cabin/cabin.service';

/** A device as the modules that command it see it (gateways, firmware upgrades). */
export interface LinkedDevice {
  id: number;
  companyId: number;
  sn: string;
  model: string;
  firmwareVersion: string | null;
  bindState: BindState;
  online: boolean;
  configState: ConfigState;
  detectState: DetectState;
}

/** How the gateways module hears the answers to its commands. */
export interface GatewayAnswers {
  /** The device answered a config push of `version` (before its new state is pushed to pages). */
  configAnswered(device: LinkedDevice, version: number | null, ok: boolean): Promise<void>;
  /** The device answered a detection of `flow` (the document as sent, JSON). */
  detectionAnswered(device: LinkedDevice, flow: string | null, passed: boolean): Promise<void>;
  /** A config push got no answer before its deadline. */
  configTimedOut(companyId: number, deviceId: number): Promise<void>;
}

/**
 * The port through which the gateways module reads and commands devices: the device table stays
 * the devices module's, so config and detection states change only here.
 */
export interface GatewayDevices {
  /** The device when the caller holds `level` on its cabin node; 40400 for another company's id. */
  requireDevice(caller: CabinCaller, id: number, level: 'read' | 'readWrite'): Promise<LinkedDevice>;
  /** 40900 unless the device is bound and connected (`offlineKey` says why it is not). */
  requireReady(device: LinkedDevice, offlineKey: string): void;
  /** 40900 while a config push or detection runs. */
  requireIdle(device: LinkedDevice): void;
  /** Marks a config push of `version` under way and sends it; answers the device as pushed. */
  startConfigPush(device: LinkedDevice, version: number, flow: FlowDocument): Promise<DeviceItem>;
  /** Marks a detection of `flow` under way and sends it; answers the device as pushed. */
  startDetection(device: LinkedDevice, flow: FlowDocument): Promise<DeviceItem>;
  /** Server-triggered execution of the device's flow. */
  runFlow(device: LinkedDevice): Promise<void>;
  /** Registers who hears the answers to config pushes and detections. */
  listen(answers: GatewayAnswers): void;
}
