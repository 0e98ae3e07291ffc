import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BrokerTlsError, brokerCertHosts, loadBrokerTls, watchBrokerTls } from './brokerTls';

const folders: string[] = [];
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-broker-tls-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('the MQTTS certificate', () => {
  it('is made on the first start: a private CA and a server certificate for MQTT_PUBLIC_HOST, the host and 127.0.0.1, kept after', () => {
    const dataDir = folder();
    const first = loadBrokerTls({ dataDir, hosts: brokerCertHosts('mqtt.plant.example') });
    expect(first.source).toBe('generated');
    const cert = new X509Certificate(first.cert);
    const ca = new X509Certificate(first.ca!);
    expect(cert.checkIssued(ca)).toBe(true);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(ca.ca).toBe(true);
    expect(cert.checkHost('mqtt.plant.example')).toBe('mqtt.plant.example');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkHost('other.example')).toBeUndefined();
    // The key is the owner's only.
    expect(fs.statSync(path.join(dataDir, 'mqtt-tls', 'ca.key')).mode & 0o077).toBe(0);
    // The next start reads the same files.
    const again = loadBrokerTls({ dataDir, hosts: brokerCertHosts('mqtt.plant.example') });
    expect(again.cert).toBe(first.cert);
    expect(again.ca).toBe(first.ca);
  });

  it('is made again, by the same CA, when MQTT_PUBLIC_HOST changes (devices that trust the CA keep connecting)', () => {
    const dataDir = folder();
    const first = loadBrokerTls({ dataDir, hosts: brokerCertHosts('old.example') });
    const next = loadBrokerTls({ dataDir, hosts: brokerCertHosts('new.example') });
    expect(next.cert).not.toBe(first.cert);
    expect(next.ca).toBe(first.ca);
    expect(new X509Certificate(next.cert).checkHost('new.example')).toBe('new.example');
  });

  it("serves the operator's files, and a wrong one stops the start naming its setting", () => {
    const made = loadBrokerTls({ dataDir: folder(), hosts: ['a.example'] });
    const other = loadBrokerTls({ dataDir: folder(), hosts: ['b.example'] });
    const dir = folder();
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    const certFile = write('cert.pem', made.cert);
    const keyFile = write('key.pem', made.key);
    const served = loadBrokerTls({ dataDir: dir, hosts: [], certFile, keyFile });
    expect(served).toMatchObject({ source: 'files', ca: null, cert: made.cert });

    const refusal = (options: { certFile?: string; keyFile?: string }) => {
      try {
        loadBrokerTls({ dataDir: dir, hosts: [], ...options });
      } catch (error) {
        expect(error).toBeInstanceOf(BrokerTlsError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ certFile, keyFile: write('other-key.pem', other.key) })).toMatch(/^MQTT_TLS_KEY: .* is not the key of the certificate/);
    expect(refusal({ certFile: write('junk.pem', 'not a certificate'), keyFile })).toMatch(/^MQTT_TLS_CERT: .* is not a PEM certificate/);
    expect(refusal({ certFile, keyFile: write('junk-key.pem', 'nope') })).toMatch(/^MQTT_TLS_KEY: .* is not a PEM private key/);
    expect(refusal({ certFile: path.join(dir, 'missing.pem'), keyFile })).toMatch(/^MQTT_TLS_CERT: cannot read .*missing\.pem \(ENOENT\)/);
    expect(refusal({ certFile })).toMatch(/MQTT_TLS_KEY must be set/);
  });

  it('is read again when the files change (a renewal); a broken change is reported and the old certificate kept', async () => {
    const first = loadBrokerTls({ dataDir: folder(), hosts: ['a.example'] });
    const renewed = loadBrokerTls({ dataDir: folder(), hosts: ['a.example'] });
    const dir = folder();
    const certFile = path.join(dir, 'cert.pem');
    const keyFile = path.join(dir, 'key.pem');
    fs.writeFileSync(certFile, first.cert);
    fs.writeFileSync(keyFile, first.key);
    const changes: string[] = [];
    const errors: string[] = [];
    const stop = watchBrokerTls(
      { dataDir: dir, hosts: [], certFile, keyFile },
      (material) => changes.push(material.cert),
      (error) => errors.push(error.message),
      50,
    );
    try {
      // A renewal writes both; the pair is read once both belong together.
      fs.writeFileSync(keyFile, renewed.key);
      fs.writeFileSync(certFile, renewed.cert);
      await expect.poll(() => changes.at(-1), { timeout: 5000 }).toBe(renewed.cert);
      fs.writeFileSync(certFile, 'broken');
      await expect.poll(() => errors.at(-1) ?? '', { timeout: 5000 }).toMatch(/^MQTT_TLS_CERT/);
      expect(changes.at(-1)).toBe(renewed.cert);
    } finally {
      stop();
    }
  });
});
