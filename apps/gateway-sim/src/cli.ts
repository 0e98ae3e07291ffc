import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { startSimulatedGateway, type SimulatedGateway, type OtaOutcome } from './gateway';

const usage = `Usage: npm run sim -- --sn SN --secret S [--url mqtt://127.0.0.1:1883] [--count N]
       [--auto-confirm] [--ota-seconds N] [--ota-outcome success|fail|reboot]
       [--missing-replies RATE] [--firmware 1.3.4] [--links platform|real] [--quiet]
   or: npm run sim -- --fleet devices.json [options]

With --count N the gateways are SN0001 … SNnnnn with the one secret S. A fleet file holds each
device's own secret: [{"sn": "DTU0001", "secret": "…"}, …] (the answers of addDevice).
Without --auto-confirm a bind request waits for Enter (confirm) or "n" + Enter (refuse).`;

const { values } = parseArgs({
  options: {
    sn: { type: 'string' },
    fleet: { type: 'string' },
    secret: { type: 'string' },
    url: { type: 'string', default: process.env.SIM_MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
    count: { type: 'string', default: '1' },
    'auto-confirm': { type: 'boolean', default: false },
    'ota-seconds': { type: 'string', default: '3' },
    'ota-outcome': { type: 'string', default: 'success' },
    'missing-replies': { type: 'string', default: '0' },
    firmware: { type: 'string', default: '1.3.4' },
    links: { type: 'string', default: 'platform' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || (!values.fleet && (!values.sn || !values.secret))) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const count = Number(values.count);
const missing = Number(values['missing-replies']);
if (!Number.isInteger(count) || count < 1 || !(missing >= 0 && missing <= 1) || !['success', 'fail', 'reboot'].includes(values['ota-outcome'])) {
  console.error(usage);
  process.exit(2);
}

const log = values.quiet ? () => undefined : (line: string) => console.log(`${new Date().toISOString()} ${line}`);
const identities: { sn: string; secret: string }[] = values.fleet
  ? (JSON.parse(readFileSync(values.fleet, 'utf8')) as { sn: string; secret: string }[])
  : Array.from({ length: count }, (_, i) => ({ sn: count === 1 ? values.sn! : `${values.sn}${String(i + 1).padStart(4, '0')}`, secret: values.secret! }));
const gateways: SimulatedGateway[] = [];
for (const { sn, secret } of identities) {
  const gateway = await startSimulatedGateway({
    sn,
    secret,
    url: values.url,
    firmware: values.firmware,
    autoConfirm: values['auto-confirm'],
    otaSeconds: Number(values['ota-seconds']),
    otaOutcome: values['ota-outcome'] as OtaOutcome,
    missingReplies: missing,
    links: values.links === 'real' ? 'real' : 'platform',
    log,
  });
  if (identities.length === 1) {
    gateway.events.on('runner', (event: { type: string }) => log(`${sn} ${JSON.stringify(event)}`));
  }
  gateways.push(gateway);
}
console.log(`${gateways.length} simulated gateway(s) started against ${values.url}`);

if (!values['auto-confirm']) {
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    for (const gateway of gateways) {
      if (gateway.state.pendingBind) {
        void (line.trim().toLowerCase() === 'n' ? gateway.rejectBind() : gateway.confirmBind());
      }
    }
  });
}
if (identities.length > 1) {
  setInterval(() => {
    const connected = gateways.filter((g) => g.state.connected).length;
    const published = gateways.reduce((sum, g) => sum + g.state.published, 0);
    console.log(`${connected}/${gateways.length} connected, ${published} messages published`);
  }, 10_000).unref();
}

const stop = async () => {
  await Promise.all(gateways.map((g) => g.close().catch(() => undefined)));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
