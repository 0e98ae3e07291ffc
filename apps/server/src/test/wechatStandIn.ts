import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for WeChat's two OAuth endpoints of website applications, on 127.0.0.1 (docs/auth.md):
 * `GET /connect/qrconnect` answers at once as if `nextOpenid` scanned the QR (a redirect to
 * redirect_uri with a code and the state), `GET /sns/oauth2/access_token` exchanges a code once for
 * that openid — only with the app id and secret it was told.
 */
export interface WechatStandIn {
  base: string;
  /** The WeChat account that "scans" the next QR. */
  nextOpenid: string;
  /** The token requests it received (to check what the server sent). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startWechatStandIn(options: { appId: string; secret: string; port?: number }): Promise<WechatStandIn> {
  const codes = new Map<string, string>();
  let sequence = 0;
  const standIn: WechatStandIn = { base: '', nextOpenid: 'o_nobody', tokenRequests: [], close: async () => undefined };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/connect/qrconnect') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('appid') !== options.appId || !redirectUri || url.searchParams.get('scope') !== 'snsapi_login' || url.searchParams.get('response_type') !== 'code') {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('bad qrconnect request');
        return;
      }
      sequence += 1;
      const code = `code${sequence}`;
      codes.set(code, standIn.nextOpenid);
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      standIn.tokenRequests.push(url.searchParams);
      const code = url.searchParams.get('code') ?? '';
      const openid = codes.get(code);
      const valid = url.searchParams.get('appid') === options.appId && url.searchParams.get('secret') === options.secret && url.searchParams.get('grant_type') === 'authorization_code';
      response.writeHead(200, { 'content-type': 'text/plain' });
      if (!valid || !openid) {
        response.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
        return;
      }
      codes.delete(code);
      response.end(JSON.stringify({ access_token: `at-${code}`, expires_in: 7200, refresh_token: `rt-${code}`, openid, scope: 'snsapi_login', unionid: `u-${openid}` }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
