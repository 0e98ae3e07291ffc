import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import forge from 'node-forge';

/** The PEM texts the MQTTS listener serves with; `ca` is the private CA's when the platform made the certificate. */
export interface BrokerTlsMaterial {
  cert: string;
  key: string;
  /** The CA certificate devices trust (GET /general/device/getBrokerCa); null with MQTT_TLS_CERT (a CA-signed certificate). */
  ca: string | null;
  /** Where the certificate came from, for the start log. */
  source: 'files' | 'generated';
}

export interface BrokerTlsOptions {
  /** MQTT_TLS_CERT / MQTT_TLS_KEY: PEM files of the operator's certificate (chain) and key. */
  certFile?: string;
  keyFile?: string;
  /** Where the generated CA and server certificate live (DATA_DIR/mqtt-tls). */
  dataDir: string;
  /** Names the generated server certificate must hold besides the host name and 127.0.0.1 (MQTT_PUBLIC_HOST). */
  hosts: string[];
}

const dayMs = 24 * 60 * 60 * 1000;
/** A generated server certificate is made again at start when it expires within this long. */
const renewBeforeMs = 30 * dayMs;

/** An error naming the setting whose file is wrong (the start stops with it). */
export class BrokerTlsError extends Error {}

/** The operator's files, checked: both must be readable PEM and belong together. */
function readOperatorFiles(certFile: string, keyFile: string): { cert: string; key: string } {
  const read = (file: string, setting: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new BrokerTlsError(`${setting}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  };
  const cert = read(certFile, 'MQTT_TLS_CERT');
  const key = read(keyFile, 'MQTT_TLS_KEY');
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(cert);
  } catch {
    throw new BrokerTlsError(`MQTT_TLS_CERT: ${certFile} is not a PEM certificate`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new BrokerTlsError(`MQTT_TLS_KEY: ${keyFile} is not a PEM private key (or it is encrypted)`);
  }
  if (!leaf.checkPrivateKey(privateKey)) {
    throw new BrokerTlsError(`MQTT_TLS_KEY: ${keyFile} is not the key of the certificate in MQTT_TLS_CERT (${certFile})`);
  }
  if (Date.parse(leaf.validTo) < Date.now()) {
    throw new BrokerTlsError(`MQTT_TLS_CERT: the certificate in ${certFile} expired on ${leaf.validTo}`);
  }
  tls.createSecureContext({ cert, key });
  return { cert, key };
}

function serial(): string {
  // Positive (first bit clear), 16 bytes: RFC 5280 allows up to 20.
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function newKeyPair(): { pem: string; forgeKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node makes the key (native, fast); forge only signs the certificates.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  return { pem: privateKey, forgeKey: forge.pki.privateKeyFromPem(privateKey), publicKey: forge.pki.publicKeyFromPem(publicKey) };
}

function makeCa(): { cert: string; key: string } {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - dayMs);
  cert.validity.notAfter = new Date(Date.now() + 20 * 365 * dayMs);
  const subject = [
    { name: 'commonName', value: `SmartData Console device CA (${os.hostname()})` },
    { name: 'organizationName', value: 'SmartData Console' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.forgeKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}

function makeServerCert(ca: { cert: string; key: string }, hosts: string[]): { cert: string; key: string } {
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const caKey = forge.pki.privateKeyFromPem(ca.key);
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - dayMs);
  // Under 825 days: what TLS clients that check a server certificate's lifetime still accept.
  cert.validity.notAfter = new Date(Date.now() + 800 * dayMs);
  cert.setSubject([{ name: 'commonName', value: hosts[0] ?? 'localhost' }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: hosts.map((host) => (isIP(host) ? { type: 7, ip: host } : { type: 2, value: host })) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}

/** Whether a generated server certificate still serves: signed by the CA, every host named, not about to expire. */
function serverCertFits(certPem: string, caPem: string, hosts: string[]): boolean {
  try {
    const cert = new X509Certificate(certPem);
    const ca = new X509Certificate(caPem);
    if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey) || Date.parse(cert.validTo) - Date.now() < renewBeforeMs) {
      return false;
    }
    return hosts.every((host) => (isIP(host) ? cert.checkIP(host) !== undefined : cert.checkHost(host) !== undefined));
  } catch {
    return false;
  }
}

function writePrivate(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** The host names and addresses a generated certificate names: MQTT_PUBLIC_HOST, this host, localhost, 127.0.0.1. */
export function brokerCertHosts(publicHost: string | undefined): string[] {
  return [...new Set([publicHost, os.hostname(), 'localhost', '127.0.0.1', '::1'].filter((host): host is string => !!host))];
}

/**
 * The certificate of the MQTTS listener: the operator's files (MQTT_TLS_CERT/KEY), else a private
 * CA and a server certificate made on the first start in DATA_DIR/mqtt-tls (kept; the server
 * certificate is made again, by the same CA, when MQTT_PUBLIC_HOST changes or it nears its end).
 * Throws BrokerTlsError naming the setting when a file is wrong.
 */
export function loadBrokerTls(options: BrokerTlsOptions): BrokerTlsMaterial {
  if (options.certFile || options.keyFile) {
    if (!options.certFile || !options.keyFile) {
      throw new BrokerTlsError(options.certFile ? 'MQTT_TLS_KEY must be set with MQTT_TLS_CERT' : 'MQTT_TLS_CERT must be set with MQTT_TLS_KEY');
    }
    return { ...readOperatorFiles(options.certFile, options.keyFile), ca: null, source: 'files' };
  }
  const folder = path.join(options.dataDir, 'mqtt-tls');
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const files = { caCert: path.join(folder, 'ca.crt'), caKey: path.join(folder, 'ca.key'), cert: path.join(folder, 'server.crt'), key: path.join(folder, 'server.key') };
  let ca: { cert: string; key: string };
  if (fs.existsSync(files.caCert) && fs.existsSync(files.caKey)) {
    ca = { cert: fs.readFileSync(files.caCert, 'utf8'), key: fs.readFileSync(files.caKey, 'utf8') };
  } else {
    ca = makeCa();
    writePrivate(files.caKey, ca.key);
    fs.writeFileSync(files.caCert, ca.cert);
  }
  let server = fs.existsSync(files.cert) && fs.existsSync(files.key) ? { cert: fs.readFileSync(files.cert, 'utf8'), key: fs.readFileSync(files.key, 'utf8') } : null;
  if (!server || !serverCertFits(server.cert, ca.cert, options.hosts)) {
    server = makeServerCert(ca, options.hosts);
    writePrivate(files.key, server.key);
    fs.writeFileSync(files.cert, server.cert);
  }
  return { cert: server.cert, key: server.key, ca: ca.cert, source: 'generated' };
}

/**
 * Calls `onChange` with the operator's files read again when either changes (a renewal, e.g.
 * certbot's), polled every `everyMs`. A file that does not read as a matching pair is reported
 * and the listener keeps the certificate it has. Answers the stop function.
 */
export function watchBrokerTls(options: BrokerTlsOptions, onChange: (material: BrokerTlsMaterial) => void, onError: (error: Error) => void, everyMs = 5000): () => void {
  if (!options.certFile || !options.keyFile) {
    return () => undefined;
  }
  const files = [options.certFile, options.keyFile];
  // Polled here rather than with fs.watchFile: its first look is taken asynchronously, so a
  // renewal written right after the watch began could become that first look and never be seen.
  const signature = () =>
    files
      .map((file) => {
        try {
          const stats = fs.statSync(file);
          return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
        } catch {
          return 'missing';
        }
      })
      .join('|');
  let seen = signature();
  const timer = setInterval(() => {
    const now = signature();
    if (now === seen) {
      return;
    }
    seen = now;
    try {
      onChange(loadBrokerTls(options));
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
