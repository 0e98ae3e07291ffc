import {
  carrierConnectionProblem,
  connectedCarriers,
  simLimits,
  type CarrierConnection,
  type ConnectedCarrier,
  type ConnectionMode,
  type ConnectionTestResult,
  type Locale,
  type TestConnectionRequest,
  type UpdateConnectionRequest,
} from '@smartdata/domain';
import { validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { CabinCaller } from '../cabin/cabin.service';
import type { ConnectionSettings, ProviderCheck } from './carrierProvider';
import { apiNames } from './liveCarrierStubs';
import type { LiveCarriers } from './liveCarriers';
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

/** A message as one argument of another key's text (`|` separates arguments). */
const asArgument = (text: string) => text.replaceAll('|', '/');

/**
 * The company's carrier connections (docs/sim.md): simulated (the default, working) or live (China
 * Mobile OneLink works and is saved as live only after a test call passed; the others are stubs),
 * secrets kept encrypted and shown only as set or not; the sync reads them whole.
 */
export class SimConnectionsService {
  constructor(
    private readonly repository: SimRepository,
    private readonly live: LiveCarriers,
    private readonly deps: Pick<SimDependencies, 'secrets' | 'now' | 'timeZone'>,
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
        working: mode === 'simulated' || this.live.of(carrier).working,
        updatedAt: row?.updated_at ?? null,
      };
    });
  }

  /**
   * A test call to the carrier with the credentials given, the stored ones filling what is left
   * out; nothing is saved. A stub carrier and the simulated one have nothing to test.
   */
  async testConnection(caller: CabinCaller, request: TestConnectionRequest, locale: Locale): Promise<ConnectionTestResult> {
    const check = await this.check(caller.companyId, { ...request, mode: 'live' });
    return check.ok ? { ok: true, message: null } : { ok: false, message: translate(check.message, locale) };
  }

  private async check(companyId: number, request: Omit<UpdateConnectionRequest, 'delaySeconds'>): Promise<ProviderCheck> {
    const stored = (await this.connectionSettings(companyId)).get(request.carrier)!;
    const storedRow = (await this.repository.connections(companyId)).find((r) => r.carrier === request.carrier);
    const problem = carrierConnectionProblem({
      carrier: request.carrier,
      mode: request.mode,
      account: request.account ?? stored.account,
      secret: request.secret,
      secretStored: storedRow?.secret !== null && storedRow?.secret !== undefined,
    });
    if (problem) {
      throw validationError(problem);
    }
    const provider = this.live.of(request.carrier);
    if (!provider.test) {
      return { ok: false, message: `sim.connection.noTest|${apiNames[request.carrier]}` };
    }
    const connection: ConnectionSettings = {
      ...stored,
      mode: 'live',
      account: (request.account ?? stored.account).trim(),
      secret: request.secret === undefined ? stored.secret : request.secret,
      endpoint: (request.endpoint ?? stored.endpoint).trim(),
    };
    return provider.test({ companyId, connection, now: this.deps.now(), timeZone: await this.deps.timeZone(companyId) });
  }

  /**
   * Saves a connection. `mode: live` of a carrier with a working API (China Mobile OneLink) is
   * saved only when a test call with these credentials passes; otherwise 50001 with the carrier's
   * message and nothing changes.
   */
  async updateConnection(caller: CabinCaller, request: UpdateConnectionRequest, locale: Locale = 'zh-CN'): Promise<void> {
    if (request.mode === 'live' && this.live.of(request.carrier).test) {
      const check = await this.check(caller.companyId, request);
      if (!check.ok) {
        throw validationError(`sim.connection.testFailed|${asArgument(translate(check.message, locale))}`);
      }
    }
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
