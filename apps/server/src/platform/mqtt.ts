import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Decides who may connect to the embedded broker. The devices module installs the real check
 * (SN + secret, DESIGN.md §5); until then every device connection is refused.
 */
export type DeviceAuthenticator = (client: Client, username: string | undefined, password: Buffer | undefined) => Promise<boolean>;

export interface Broker {
  aedes: Aedes;
  port: number;
  setAuthenticator(authenticate: DeviceAuthenticator): void;
  close(): Promise<void>;
}

export async function startBroker(port: number, host: string, log: FastifyBaseLogger): Promise<Broker> {
  let authenticate: DeviceAuthenticator = async () => false;
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      authenticate(client, username, password).then(
        (allowed) => {
          if (allowed) {
            done(null, true);
          } else {
            const error = new Error('Bad username or password') as AuthenticateError;
            error.returnCode = 4;
            done(error, false);
          }
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT authenticate failed');
          const refused = new Error('Server unavailable') as AuthenticateError;
          refused.returnCode = 3;
          done(refused, false);
        },
      );
    },
  });
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  log.info({ port: actualPort }, 'embedded MQTT broker listening');
  return {
    aedes,
    port: actualPort,
    setAuthenticator(next) {
      authenticate = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
