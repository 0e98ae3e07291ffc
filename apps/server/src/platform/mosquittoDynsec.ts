import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';

/** The topic Mosquitto's dynamic-security plugin reads commands on, and the one it answers on. */
export const dynsecTopic = '$CONTROL/dynamic-security/v1';
export const dynsecResponseTopic = `${dynsecTopic}/response`;

/** One dynsec command (https://mosquitto.org/documentation/dynamic-security/): its name and parameters. */
export type DynsecCommand = { command: string } & Record<string, unknown>;

/** An ACL of a dynsec role. */
export interface DynsecAcl {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribeLiteral' | 'subscribePattern' | 'unsubscribeLiteral' | 'unsubscribePattern';
  topic: string;
  allow: boolean;
  priority?: number;
}

/** A client as `listClients` (verbose) describes it. */
export interface DynsecClient {
  username: string;
  textname?: string;
  clientid?: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
}

/** A refused or unanswered dynsec command; `brokerError` is Mosquitto's text (e.g. "Client not found"). */
export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly brokerError: string,
  ) {
    super(`Mosquitto dynamic security: ${command} failed: ${brokerError}`);
    this.name = 'DynsecError';
  }
}

interface Pending {
  command: string;
  resolve: (data: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Commands per control message: one publish for many devices, small enough for any broker's
 * packet limit, and answered well within the timeout (Mosquitto 2.0 saves its whole JSON file
 * after each command: about 3.5 ms each with 500 devices on a busy 2-core machine).
 */
const batchSize = 50;

/**
 * A client of Mosquitto's dynamic-security plugin (docs/operations.md "Mosquitto with dynamic
 * security"): connected with the platform's admin account from MQTT_URL, it publishes commands on
 * `$CONTROL/dynamic-security/v1` and matches the answers on `…/v1/response` by correlationData
 * (every instance hears every answer, so each command's id carries a random prefix of this
 * process). A command not answered within `timeoutMs` fails with a DynsecError naming it.
 */
export class MosquittoDynsec {
  private readonly pending = new Map<string, Pending>();
  private readonly prefix = randomBytes(6).toString('hex');
  private sequence = 0;
  private closed = false;

  private constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === dynsecResponseTopic) {
        this.answer(payload);
      }
    });
  }

  /**
   * Connects to `url` (mqtt://user:pass@host:port, the admin account) and subscribes to the
   * answers; rejects with a readable error when the broker refuses the account or cannot be
   * reached within `timeoutMs`. `onReconnect` runs after every reconnect (not the first connect).
   */
  static async connect(url: string, options: { log: FastifyBaseLogger; timeoutMs?: number; onReconnect?: () => void }): Promise<MosquittoDynsec> {
    const timeoutMs = options.timeoutMs ?? 10_000;
    // Loaded on first use: a server without MQTT_DYNSEC never holds the client library.
    const { connect } = await import('mqtt');
    const client = connect(url, {
      protocolVersion: 5,
      clientId: `smartdata-dynsec-${randomBytes(4).toString('hex')}`,
      clean: true,
      connectTimeout: timeoutMs,
      reconnectPeriod: 2000,
    });
    const where = safeUrl(url);
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Mosquitto dynamic security: no connection to ${where} within ${timeoutMs} ms`)), timeoutMs);
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        client.once('error', (error) => {
          clearTimeout(timer);
          reject(new Error(`Mosquitto dynamic security: ${where} refused the admin account (${error.message})`));
        });
      });
      // mqtt.js rejects a SUBACK refusal (0x87) itself; a broker may also grant nothing.
      const granted = await client.subscribeAsync(dynsecResponseTopic, { qos: 1 }).catch(() => [{ qos: 0x87 }]);
      if (granted.some((grant) => grant.qos > 2)) {
        throw new Error(`Mosquitto dynamic security: the account of MQTT_URL (${where}) may not subscribe to ${dynsecResponseTopic} — is it the dynsec admin?`);
      }
    } catch (error) {
      client.end(true);
      throw error;
    }
    const dynsec = new MosquittoDynsec(client, timeoutMs);
    let first = true;
    client.on('connect', () => {
      if (first) {
        first = false;
        return;
      }
      // Subscriptions do not survive a clean reconnect.
      client.subscribe(dynsecResponseTopic, { qos: 1 });
      options.onReconnect?.();
    });
    client.on('error', (error) => options.log.warn({ err: error }, 'Mosquitto dynamic security connection'));
    return dynsec;
  }

  /** Runs commands in order (batched), answering each one's `data`; the first refusal rejects. */
  async run(commands: readonly DynsecCommand[]): Promise<unknown[]> {
    const results = await this.settle(commands);
    const failed = results.find((result) => result.error !== undefined);
    if (failed?.error) {
      throw failed.error;
    }
    return results.map((result) => result.data);
  }

  /** Runs commands in order (batched) and answers each one's outcome, refusals included. */
  async settle(commands: readonly DynsecCommand[]): Promise<{ command: string; data?: unknown; error?: DynsecError }[]> {
    const out: { command: string; data?: unknown; error?: DynsecError }[] = [];
    for (let start = 0; start < commands.length; start += batchSize) {
      const batch = commands.slice(start, start + batchSize);
      out.push(...(await Promise.all(this.send(batch).map((answer, index) => answer.then((data) => ({ command: batch[index].command, data }), (error: DynsecError) => ({ command: batch[index].command, error }))))));
    }
    return out;
  }

  private send(batch: readonly DynsecCommand[]): Promise<unknown>[] {
    if (this.closed) {
      return batch.map((command) => Promise.reject(new DynsecError(command.command, 'the dynamic-security client is closed')));
    }
    const ids = batch.map(() => `${this.prefix}-${++this.sequence}`);
    const answers = batch.map(
      (command, index) =>
        new Promise<unknown>((resolve, reject) => {
          const id = ids[index];
          const timer = setTimeout(() => {
            this.pending.delete(id);
            reject(new DynsecError(command.command, `no answer within ${this.timeoutMs} ms (is the dynamic-security plugin loaded, and the admin account allowed ${dynsecTopic}?)`));
          }, this.timeoutMs);
          this.pending.set(id, {
            command: command.command,
            resolve: (data) => {
              clearTimeout(timer);
              resolve(data);
            },
            reject: (error) => {
              clearTimeout(timer);
              reject(error);
            },
          });
        }),
    );
    const payload = JSON.stringify({ commands: batch.map((command, index) => ({ ...command, correlationData: ids[index] })) });
    this.client.publish(dynsecTopic, payload, { qos: 1 }, (error) => {
      if (error) {
        for (const [index, id] of ids.entries()) {
          this.pending.get(id)?.reject(new DynsecError(batch[index].command, `not sent: ${error.message}`));
          this.pending.delete(id);
        }
      }
    });
    return answers;
  }

  private answer(payload: Buffer): void {
    let responses: unknown;
    try {
      responses = (JSON.parse(payload.toString('utf8')) as { responses?: unknown }).responses;
    } catch {
      return;
    }
    if (!Array.isArray(responses)) {
      return;
    }
    for (const response of responses as { command?: string; error?: string; data?: unknown; correlationData?: string }[]) {
      const pending = typeof response.correlationData === 'string' ? this.pending.get(response.correlationData) : undefined;
      if (!pending || response.correlationData === undefined) {
        continue;
      }
      this.pending.delete(response.correlationData);
      if (response.error) {
        pending.reject(new DynsecError(pending.command, response.error));
      } else {
        pending.resolve(response.data);
      }
    }
  }

  /** Every client (verbose: text name, client id, disabled, roles). */
  async listClients(): Promise<DynsecClient[]> {
    const [data] = await this.run([{ command: 'listClients', verbose: true, count: -1, offset: 0 }]);
    return ((data as { clients?: DynsecClient[] } | undefined)?.clients ?? []).map((client) => (typeof client === 'string' ? { username: client } : client));
  }

  /** Every role name. */
  async listRoles(): Promise<string[]> {
    const [data] = await this.run([{ command: 'listRoles', verbose: false, count: -1, offset: 0 }]);
    return ((data as { roles?: (string | { rolename: string })[] } | undefined)?.roles ?? []).map((role) => (typeof role === 'string' ? role : role.rolename));
  }

  /** Closes the connection; pending commands fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new DynsecError(pending.command, 'the dynamic-security client closed'));
    }
    await this.client.endAsync(true);
  }
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = parsed.password ? '***' : '';
    return parsed.toString();
  } catch {
    return 'MQTT_URL';
  }
}
