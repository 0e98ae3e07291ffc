import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isInternalAddress, OutboundAllowList } from './outboundHttp';

/** Outbound addresses users type (issue 32): what is internal, what WEBHOOK_ALLOW_HOSTS lets through. */
describe('outbound addresses', () => {
  it('takes loopback, link-local, private, CGNAT and IPv4-in-IPv6 forms as internal; public addresses are not', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '10.0.0.5', '172.16.3.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::5', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '203.0.113.7', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('lets listed names, IPs and CIDRs through, nothing else', async () => {
    const allow = new OutboundAllowList(['hooks.plant.local', '127.0.0.1', '10.20.0.0/16', '[fd00::7]']);
    expect(allow.allows('hooks.plant.local', '10.9.9.9')).toBe(true);
    expect(allow.allows('x', '127.0.0.1')).toBe(true);
    expect(allow.allows('x', '10.20.5.6')).toBe(true);
    expect(allow.allows('x', '10.21.0.1')).toBe(false);
    expect(allow.allows('x', 'fd00::7')).toBe(true);
    expect(await checkOutboundUrl('http://10.20.1.1/hook', allow)).toBeNull();
    expect(await checkOutboundUrl('http://10.21.1.1/hook', allow)).toBe('notify.urlPrivate');
    expect(await checkOutboundUrl('http://[::ffff:192.168.0.1]/hook', new OutboundAllowList([]))).toBe('notify.urlPrivate');
    expect(await checkOutboundUrl('https://user:pw@example.com/hook', allow)).toBe('notify.urlFormat');
    expect(await checkOutboundUrl('file:///etc/passwd', allow)).toBe('notify.urlFormat');
  });
});
