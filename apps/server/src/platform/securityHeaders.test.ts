import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders } from './securityHeaders';

describe('security headers', () => {
  it('are the ones helmet sets, with our content security policy', () => {
    const headers = Object.fromEntries(computeSecurityHeaders());
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https: http:;connect-src 'self' ws: wss:;font-src 'self' data:;object-src 'none';frame-ancestors 'self'",
    );
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
