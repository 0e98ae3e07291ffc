import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { GatewayDevices } from '../devices/gatewayDevices.port';
import { GatewaysRepository } from './gateways.repository';
import { registerGatewaysRoutes } from './gateways.routes';
import { GatewaysService } from './gateways.service';

/**
 * The gateways module (docs/gateways.md): flow documents checked by the domain's rules, serial
 * settings, links, certificates, remote config versions, pushes and detections. Devices are the
 * devices module's: gateways reads and commands them through its port and hears the answers.
 */
export function registerGatewaysModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; devices: GatewayDevices }): void {
  const repository = new GatewaysRepository(platform.db);
  const gateways = new GatewaysService(repository, deps.devices);
  deps.devices.listen(gateways);
  // A deleted device takes its configuration and versions along, in the cabin's delete transaction.
  deps.cabin.onRemove('device', (trx, companyId, deviceIds) => GatewaysRepository.in(trx).removeForDevices(companyId, deviceIds));
  registerGatewaysRoutes(app, gateways);
}
