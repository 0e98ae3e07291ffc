import { connectedCarriers, simLimits, type CarrierConnection, type ConnectedCarrier, type ConnectionMode, type UpdateConnectionRequest } from '@smartdata/domain';
import type { CabinCaller } from '../cabin/cabin.service';
import type { ConnectionSettings } from './carrierProvider';
import type { SimDependencies } from './simDependencies';
import type { ConnectionRow, SimRepository } from './sim.repository';

const secretPurpose = (carrier: string) => `sim.connection.${carrier}`;

const defaultConnection = (): Omit<ConnectionSettings, 'carrier'> => ({
  mode: 'simulated',
  account: '',
  secret: null,
  endpoint: '',
  delaySeconds: simLimits.defaultSimulatedDelaySeconds,
});

/**
 * The company's carrier connections (docs/sim.md): simulated (the default, working) or live (a
 * stub), secrets kept encrypted and shown only as set or not; the sync reads them whole.
 */
export class SimConnectionsService {
  constructor(
    private readonly repository: SimRepository,
    private readonly deps: Pick<SimDependencies, 'secrets' | 'now'>,
  ) {}

  /** Each carrier's connection with its secret decrypted (the sync's providers use it). */
  async connectionSettings(companyId: number): Promise<Map<ConnectedCarrier, ConnectionSettings>> {
    const stored = new Map((await this.repository.connections(companyId)).map((r) => [r.carrier, r]));
    return new Map(
      connectedCarriers.map((carrier) => {
        const row = stored.get(carrier);
        if (!row) {
          return [carrier, { carrier, ...defaultConnection() }];
        }
        let secret: string | null = null;
        try {
          secret = row.secret === null ? null : this.deps.secrets.decrypt(row.secret, secretPurpose(carrier));
        } catch {
          secret = null; // the settings secret changed: the secret is entered again
        }
        return [carrier, { carrier, mode: row.mode as ConnectionMode, account: row.account, secret, endpoint: row.endpoint, delaySeconds: row.delay_seconds }];
      }),
    );
  }

  /** The company's connection of each carrier (secrets only as set / not set). */
  async connections(companyId: number): Promise<CarrierConnection[]> {
    const stored = new Map((await this.repository.connections(companyId)).map((r) => [r.carrier, r]));
    return connectedCarriers.map((carrier) => {
      const row = stored.get(carrier);
      const mode = (row?.mode ?? 'simulated') as ConnectionMode;
      return {
        carrier,
        mode,
        account: row?.account ?? '',
        endpoint: row?.endpoint ?? '',
        secretSet: row?.secret !== null && row?.secret !== undefined,
        delaySeconds: row?.delay_seconds ?? simLimits.defaultSimulatedDelaySeconds,
        working: mode === 'simulated',
        updatedAt: row?.updated_at ?? null,
      };
    });
  }

  async updateConnection(caller: CabinCaller, request: UpdateConnectionRequest): Promise<void> {
    const old = (await this.repository.connections(caller.companyId)).find((r) => r.carrier === request.carrier);
    const secret = request.secret === undefined ? (old?.secret ?? null) : request.secret === '' ? null : this.deps.secrets.encrypt(request.secret, secretPurpose(request.carrier));
    const row: ConnectionRow = {
      company_id: caller.companyId,
      carrier: request.carrier,
      mode: request.mode,
      account: request.account ?? old?.account ?? '',
      secret,
      endpoint: request.endpoint ?? old?.endpoint ?? '',
      delay_seconds: request.delaySeconds ?? old?.delay_seconds ?? simLimits.defaultSimulatedDelaySeconds,
      updated_by: caller.userId,
      updated_at: this.deps.now(),
    };
    await this.repository.saveConnection(row);
  }
}
