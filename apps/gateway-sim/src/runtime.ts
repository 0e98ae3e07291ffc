import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { snPattern } from '@smartdata/domain';
import { startSimulatedGateway } from './gateway';
import { BusSpecError, parseBusSpec } from './buses';

/**
 * The software gateway (issue 34): the console's flows on real buses, connected to the console as
 * a DTU is. `npm run gateway -- --help`; apps/gateway-sim/README.md "Run it on a Linux box".
 */
const usage = `Usage: npm run gateway -- --sn SN --secret S --broker mqtt(s)://host:port [--ca ca.pem]
         --bus serial:/dev/ttyUSB0|tcp://host:502|rtu-tcp://host:port [--bus COM2=…]
         [--spool-dir DIR] [--spool-max-mb 16] [--spool-max-age-hours 168]
         [--auto-confirm] [--firmware 1.3.4] [--quiet]
   or: npm run gateway -- --config gateway.json [options that override it]

--bus gives the gateway's serial ports: the first is COM1, the second COM2, or name them with
PORT=… (a flow's serial settings name its port). Serial ports use the flow's baud rate, check bit,
data bits and stop bits. The secret may come from GATEWAY_SECRET instead of the command line.
While the broker is unreachable, what flows publish waits in --spool-dir (bounded by size and age,
oldest dropped first) and is sent with its original time after reconnecting.
A bind request is confirmed by --auto-confirm, Enter on the terminal, or SIGUSR2
(systemctl kill -s SIGUSR2 smartdata-gateway); "n" + Enter refuses it.

Config file (JSON; every key optional on the command line's side):
  {"sn": "DTU0001", "secret": "…", "broker": "mqtts://console.example.com:8883", "ca": "/etc/smartdata-gateway/ca.pem",
   "buses": {"COM1": "serial:/dev/ttyUSB0", "COM2": "tcp://192.168.1.20:502"},
   "spool": {"dir": "/var/lib/smartdata-gateway", "maxMb": 16, "maxAgeHours": 168}, "autoConfirm": false}`;

interface FileConfig {
  sn?: string;
  secret?: string;
  broker?: string;
  ca?: string;
  buses?: Record<string, string>;
  spool?: { dir?: string; maxMb?: number; maxAgeHours?: number };
  autoConfirm?: boolean;
  firmware?: string;
}

const fail = (message: string): never => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};

const { values } = parseArgs({
  options: {
    sn: { type: 'string' },
    secret: { type: 'string' },
    broker: { type: 'string' },
    ca: { type: 'string' },
    bus: { type: 'string', multiple: true },
    config: { type: 'string' },
    'spool-dir': { type: 'string' },
    'spool-max-mb': { type: 'string' },
    'spool-max-age-hours': { type: 'string' },
    'auto-confirm': { type: 'boolean' },
    firmware: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

let file: FileConfig = {};
if (values.config) {
  try {
    file = JSON.parse(readFileSync(values.config, 'utf8')) as FileConfig;
  } catch (error) {
    fail(`--config ${values.config}: ${(error as Error).message}`);
  }
}
const configDir = values.config ? path.dirname(path.resolve(values.config)) : process.cwd();
const sn = values.sn ?? file.sn;
const secret = values.secret ?? process.env.GATEWAY_SECRET ?? file.secret;
const broker = values.broker ?? file.broker;
if (!sn || !snPattern.test(sn)) {
  fail(`--sn: an SN has 4 to 32 letters, digits, hyphens or underscores${sn ? ` (got "${sn}")` : ''}`);
}
if (!secret) {
  fail('--secret (or GATEWAY_SECRET): the device secret the console showed when the device was added');
}
if (!broker || !/^mqtts?:\/\/[^/]+:\d+\/?$/.test(broker)) {
  fail(`--broker: mqtt://host:port or mqtts://host:port${broker ? ` (got "${broker}")` : ''}`);
}
const buses: Record<string, string> = { ...(file.buses ?? {}) };
(values.bus ?? []).forEach((entry, index) => {
  const named = /^([A-Za-z0-9_-]{1,20})=(.+)$/.exec(entry);
  buses[named ? named[1] : `COM${index + 1}`] = named ? named[2] : entry;
});
if (Object.keys(buses).length === 0) {
  fail('--bus: at least one bus, e.g. --bus serial:/dev/ttyUSB0 or --bus tcp://192.168.1.20:502');
}
for (const [port, spec] of Object.entries(buses)) {
  try {
    parseBusSpec(spec);
  } catch (error) {
    fail(`--bus ${port}: ${error instanceof BusSpecError ? error.message : String(error)}`);
  }
}
let ca: string | undefined;
const caFile = values.ca ?? file.ca;
if (caFile) {
  try {
    ca = readFileSync(path.resolve(configDir, caFile), 'utf8');
  } catch (error) {
    fail(`--ca ${caFile}: ${(error as Error).message}`);
  }
}
const number = (text: string | undefined, fallback: number | undefined, name: string): number | undefined => {
  if (text === undefined) {
    return fallback;
  }
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : fail(`${name}: a positive number (got "${text}")`);
};
const maxMb = number(values['spool-max-mb'], file.spool?.maxMb, '--spool-max-mb') ?? 16;
const maxAgeHours = number(values['spool-max-age-hours'], file.spool?.maxAgeHours, '--spool-max-age-hours') ?? 168;
const spoolDir = path.resolve(configDir, values['spool-dir'] ?? file.spool?.dir ?? path.join('gateway-data', sn!));
const autoConfirm = values['auto-confirm'] ?? file.autoConfirm ?? false;

const log = values.quiet ? () => undefined : (line: string) => console.log(`${new Date().toISOString()} ${line}`);
// A bus that misbehaves is logged, never the end of the gateway (systemd would restart it anyway).
process.on('uncaughtException', (error) => log(`unexpected error (the gateway keeps running): ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) => log(`unexpected error (the gateway keeps running): ${(error as Error)?.stack ?? String(error)}`));

const gateway = await startSimulatedGateway({
  sn: sn!,
  secret: secret!,
  url: broker!,
  ca,
  firmware: values.firmware ?? file.firmware ?? '1.3.4',
  autoConfirm,
  buses,
  spool: { dir: spoolDir, maxBytes: Math.round(maxMb * 1024 * 1024), maxAgeMs: maxAgeHours * 3600_000 },
  stateFile: path.join(spoolDir, 'config.json'),
  log,
});
log(`gateway ${sn} → ${broker}; ports ${Object.entries(buses).map(([port, spec]) => `${port}=${spec}`).join(', ')}; store-and-forward in ${spoolDir} (${maxMb} MB, ${maxAgeHours} h)`);
gateway.events.on('runner', (event: { type: string; nodeId?: string; values?: unknown; ms?: number }) => {
  if (event.type === 'rx') {
    const name = gateway.state.flow?.nodes.find((n) => n.id === event.nodeId)?.name ?? event.nodeId;
    log(`${sn} node "${name}": ${JSON.stringify(event.values)}`);
  }
});
gateway.events.on('disconnected', () => log(`${sn} broker connection lost; holding publishes in ${spoolDir}`));
gateway.events.on('connected', () => {
  if (gateway.spool && gateway.spool.size > 0) {
    log(`${sn} reconnected; forwarding ${gateway.spool.size} held publish(es)`);
  }
});

const confirm = () => void (gateway.state.pendingBind ? gateway.confirmBind().then(() => log(`${sn} binding confirmed`)) : undefined);
const refuse = () => void (gateway.state.pendingBind ? gateway.rejectBind().then(() => log(`${sn} binding refused`)) : undefined);
// SIGUSR2, not SIGUSR1: Node.js starts its inspector on SIGUSR1.
process.on('SIGUSR2', confirm);
if (!autoConfirm && process.stdin.isTTY) {
  createInterface({ input: process.stdin }).on('line', (line) => (line.trim().toLowerCase() === 'n' ? refuse() : confirm()));
}

const stop = async () => {
  log(`${sn} stopping`);
  await gateway.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
