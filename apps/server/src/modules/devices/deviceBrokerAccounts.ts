import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { deviceTopics } from '@smartdata/domain';
import { DynsecError, MosquittoDynsec, type DynsecAcl, type DynsecCommand } from '@server/platform/mosquittoDynsec';
import type { SecretBox } from '@server/platform/secretBox';
import type { DevicesRepository } from './devices.repository';

/**
 * The devices' accounts on an external broker (issue 22): each device's credentials and topic ACL
 * written where the devices connect. Every call runs after the database committed; the database
 * is the truth, so a broker that could not be updated is logged and re-synced, never a reason to
 * undo the device's change.
 */
export interface DeviceBrokerAccounts {
  /** A device registered with `secret` (client and role created). */
  created(sn: string, secret: string): Promise<void>;
  /** A new secret (the broker closes the device's connections). */
  secretChanged(sn: string, secret: string, disabled: boolean): Promise<void>;
  /** Disabled (connections closed, new ones refused) or enabled again. */
  statusChanged(sn: string, disabled: boolean): Promise<void>;
  /** Deleted: client and role go. */
  removed(sn: string): Promise<void>;
}

/** With the embedded broker (or an external one the platform does not manage) there is nothing to write. */
export const noBrokerAccounts: DeviceBrokerAccounts = {
  created: () => Promise.resolve(),
  secretChanged: () => Promise.resolve(),
  statusChanged: () => Promise.resolve(),
  removed: () => Promise.resolve(),
};

/** The purpose a device secret is sealed for (bound as associated data: it opens for this SN only). */
export const secretPurpose = (sn: string) => `device-secret:${sn}`;

/** The dynsec role of a device. */
export const deviceRoleName = (sn: string) => `smartdata-device-${sn}`;

/** Text names of the platform's device clients start with this; only such clients are ever deleted by a re-sync. */
const textNamePrefix = 'smartdata device';

/**
 * What a device may do on the broker (DESIGN.md §5): publish its own up topics (telemetry, event,
 * the retained online topic and its last will) and subscribe to its own down topics; everything
 * else falls to the default deny. Receiving is allowed by default, and a device only receives what
 * it may subscribe to.
 */
export function deviceAcls(sn: string): DynsecAcl[] {
  const up = deviceTopics.telemetry(sn).replace(/telemetry$/, '#');
  const down = deviceTopics.command(sn).replace(/cmd$/, '#');
  return [
    { acltype: 'publishClientSend', topic: up, allow: true },
    { acltype: 'subscribePattern', topic: down, allow: true },
  ];
}

export interface DeviceAccountRow {
  sn: string;
  status: number;
  secret_hash: string;
  secret_sealed: string | null;
}

/** What a re-sync did, for the log and the tests. */
export interface ResyncReport {
  devices: number;
  created: number;
  passwordsSet: number;
  enabled: number;
  disabled: number;
  deleted: number;
  /** Devices with no client on the broker and no sealed secret: only a rotation brings them back. */
  needRotation: string[];
}

/**
 * Device accounts in Mosquitto's dynamic security (MQTT_URL + MQTT_DYNSEC=1): client = the SN
 * with the device secret as password, one role per device with `deviceAcls`. The client id is not
 * bound: devices connect as their SN or `SN:suffix` (deviceClientIdAllowed), which dynsec cannot
 * express (docs/decisions.md). The client's text name carries a fingerprint of the secret hash,
 * so a re-sync sees a password the broker missed (a rotation while it was down) without resetting
 * every password (which would close every device's connection on each start).
 */
export class MosquittoDeviceAccounts implements DeviceBrokerAccounts {
  private dynsec: MosquittoDynsec | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = 0;
  private closed = false;
  private resyncing: Promise<ResyncReport | null> | null = null;

  constructor(
    private readonly url: string,
    private readonly repository: DevicesRepository,
    private readonly box: SecretBox,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10_000,
  ) {}

  /**
   * Connects and re-syncs, waiting at most `waitMs` (the server's start must not hang on the
   * broker: a re-sync of thousands of devices takes seconds, Mosquitto saves its file after every
   * command); the rest goes on in the background. A broker that cannot be reached is retried (logged).
   */
  async start(waitMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.resync(), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) {
      clearTimeout(this.retry);
      this.retry = null;
    }
    // Closing fails what is still pending, so a long re-sync ends here too.
    await this.dynsec?.close();
    await this.resyncing?.catch(() => null);
    this.dynsec = null;
  }

  private fingerprint(secretHash: string): string {
    return `${textNamePrefix} ${this.box.sign(secretHash, 'dynsec-secret').slice(0, 16)}`;
  }

  private async connection(): Promise<MosquittoDynsec> {
    if (this.closed) {
      throw new Error('the device accounts are closed (server shutting down)');
    }
    if (!this.dynsec) {
      this.dynsec = await MosquittoDynsec.connect(this.url, {
        log: this.log,
        timeoutMs: this.timeoutMs,
        // A broker restarted from an older dynsec file may have lost changes.
        onReconnect: () => this.scheduleResync(1000),
      });
    }
    return this.dynsec;
  }

  private scheduleResync(afterMs?: number): void {
    if (this.closed || this.retry) {
      return;
    }
    this.retryMs = afterMs ?? Math.min(Math.max(this.retryMs * 2, 5000), 5 * 60_000);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.resync();
    }, this.retryMs);
    this.retry.unref();
  }

  /** A failed write: logged, and a re-sync (which compares every device) scheduled. */
  private async write(what: string, sn: string, commands: DynsecCommand[], tolerate: readonly string[] = []): Promise<void> {
    try {
      const dynsec = await this.connection();
      const results = await dynsec.settle(commands);
      const failed = results.find((result) => result.error && !tolerate.some((text) => result.error?.brokerError.includes(text)));
      if (failed?.error) {
        throw failed.error;
      }
    } catch (error) {
      this.log.error({ err: error, sn }, `device ${sn}: ${what} not written to Mosquitto (dynamic security); a re-sync is scheduled`);
      this.scheduleResync();
    }
  }

  private createCommands(sn: string, secret: string, secretHash: string, disabled: boolean): DynsecCommand[] {
    return [
      { command: 'createRole', rolename: deviceRoleName(sn), textname: `SmartData device ${sn}`, acls: deviceAcls(sn) },
      { command: 'createClient', username: sn, password: secret, textname: this.fingerprint(secretHash), roles: [{ rolename: deviceRoleName(sn) }] },
      ...(disabled ? [{ command: 'disableClient', username: sn }] : []),
    ];
  }

  async created(sn: string, secret: string): Promise<void> {
    // One message: a leftover client of a device deleted while the broker was away is replaced
    // (its role, if left over too, has the same ACLs).
    await this.write('create', sn, [{ command: 'deleteClient', username: sn }, ...this.createCommands(sn, secret, hashOf(secret), false)], ['not found', 'already exists']);
  }

  async secretChanged(sn: string, secret: string, disabled: boolean): Promise<void> {
    const dynsec = await this.connection().catch(() => null);
    const exists = dynsec ? (await dynsec.settle([{ command: 'getClient', username: sn }]))[0].error === undefined : true;
    if (!exists) {
      // Registered by production (its secret never shown) or lost: created now.
      await this.write('create', sn, this.createCommands(sn, secret, hashOf(secret), disabled), ['already exists']);
      return;
    }
    // setClientPassword closes the device's connections (Mosquitto kicks the client).
    await this.write('new secret', sn, [
      { command: 'setClientPassword', username: sn, password: secret },
      { command: 'modifyClient', username: sn, textname: this.fingerprint(hashOf(secret)) },
    ]);
  }

  async statusChanged(sn: string, disabled: boolean): Promise<void> {
    await this.write(disabled ? 'disable' : 'enable', sn, [{ command: disabled ? 'disableClient' : 'enableClient', username: sn }]);
  }

  async removed(sn: string): Promise<void> {
    await this.write('delete', sn, [
      { command: 'deleteClient', username: sn },
      { command: 'deleteRole', rolename: deviceRoleName(sn) },
    ], ['not found']);
  }

  /**
   * Makes the broker match the devices table: missing roles and clients created (from the sealed
   * secret), drifted passwords set, disabled/enabled as the status says, clients and roles of
   * deleted devices removed. Devices with neither a client nor a sealed secret are logged: they
   * need a rotation. Answers null when the broker could not be reached (retried later).
   */
  resync(): Promise<ResyncReport | null> {
    if (!this.resyncing) {
      this.resyncing = this.resyncOnce().finally(() => {
        this.resyncing = null;
      });
    }
    return this.resyncing;
  }

  private async resyncOnce(): Promise<ResyncReport | null> {
    try {
      const dynsec = await this.connection();
      const [rows, clients, roles] = await Promise.all([this.repository.brokerAccounts(), dynsec.listClients(), dynsec.listRoles()]);
      const clientOf = new Map(clients.map((client) => [client.username, client]));
      const roleSet = new Set(roles);
      const report: ResyncReport = { devices: rows.length, created: 0, passwordsSet: 0, enabled: 0, disabled: 0, deleted: 0, needRotation: [] };
      const commands: DynsecCommand[] = [];
      for (const row of rows) {
        const sn = row.sn;
        const disabled = row.status === 9;
        const client = clientOf.get(sn);
        const secret = row.secret_sealed ? this.unseal(row) : null;
        if (!roleSet.has(deviceRoleName(sn))) {
          commands.push({ command: 'createRole', rolename: deviceRoleName(sn), textname: `SmartData device ${sn}`, acls: deviceAcls(sn) });
        }
        if (!client) {
          if (secret === null) {
            report.needRotation.push(sn);
            continue;
          }
          commands.push(...this.createCommands(sn, secret, row.secret_hash, disabled).filter((command) => command.command !== 'createRole'));
          report.created += 1;
          report.disabled += disabled ? 1 : 0;
          continue;
        }
        if (client.textname !== this.fingerprint(row.secret_hash) && secret !== null) {
          commands.push({ command: 'setClientPassword', username: sn, password: secret }, { command: 'modifyClient', username: sn, textname: this.fingerprint(row.secret_hash) });
          report.passwordsSet += 1;
        }
        if (!(client.roles ?? []).some((role) => role.rolename === deviceRoleName(sn))) {
          commands.push({ command: 'addClientRole', username: sn, rolename: deviceRoleName(sn) });
        }
        if (Boolean(client.disabled) !== disabled) {
          commands.push({ command: disabled ? 'disableClient' : 'enableClient', username: sn });
          report[disabled ? 'disabled' : 'enabled'] += 1;
        }
      }
      const known = new Set(rows.map((row) => row.sn));
      for (const client of clients) {
        if (!known.has(client.username) && client.textname?.startsWith(textNamePrefix)) {
          commands.push({ command: 'deleteClient', username: client.username });
          report.deleted += 1;
        }
      }
      for (const role of roles) {
        if (role.startsWith(deviceRoleName('')) && !known.has(role.slice(deviceRoleName('').length))) {
          commands.push({ command: 'deleteRole', rolename: role });
        }
      }
      const failed = (await dynsec.settle(commands)).filter((result) => result.error);
      for (const result of failed) {
        this.log.error({ err: result.error }, 'Mosquitto dynamic security re-sync: a command failed');
      }
      if (report.needRotation.length > 0) {
        this.log.warn({ sns: report.needRotation }, `Mosquitto dynamic security: ${report.needRotation.length} device(s) have no broker account and no stored secret; rotate their secrets to let them connect`);
      }
      this.log.info({ ...report, needRotation: report.needRotation.length, failed: failed.length }, 'Mosquitto dynamic security re-synced');
      this.retryMs = 0;
      if (failed.length > 0) {
        this.scheduleResync();
      }
      return report;
    } catch (error) {
      this.log.error({ err: error }, 'Mosquitto dynamic security re-sync failed; retried later');
      if (error instanceof DynsecError || error instanceof Error) {
        this.scheduleResync();
      }
      return null;
    }
  }

  private unseal(row: DeviceAccountRow): string | null {
    try {
      return this.box.decrypt(row.secret_sealed ?? '', secretPurpose(row.sn));
    } catch (error) {
      // Another SETTINGS_SECRET than the one that sealed it: like a device without one.
      this.log.warn({ err: error, sn: row.sn }, 'device secret could not be unsealed (SETTINGS_SECRET changed?)');
      return null;
    }
  }
}

/** devices.service's hashSecret (not imported: that file imports this one). */
function hashOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
