import type { SecretBox } from '@server/platform/secretBox';
import type { SimAlarms } from '../alarms/simAlarms.port';
import type { CabinCaller } from '../cabin/cabin.service';

/** The gateways a card can be bound to (the devices module's, through the composition file). */
export interface SimDevices {
  /** The device when the caller may read it; 40400 for another company's id. */
  require(caller: CabinCaller, deviceId: number): Promise<{ id: number; name: string; nodeId: number }>;
  /** Names and cabin nodes of the company's devices by id. */
  byIds(companyId: number, ids: readonly number[]): Promise<{ id: number; name: string; nodeId: number }[]>;
}

/** What the sim services get from the composition file; each takes the part it uses. */
export interface SimDependencies {
  devices: SimDevices;
  /** Cloud monitoring's threshold alarms. */
  alarms: SimAlarms;
  timeZone: (companyId: number) => Promise<string>;
  secrets: SecretBox;
  now: () => number;
}
