import http from 'node:http';

/**
 * A stand-in for WeChat's two OAuth endpoints of website applications, on 127.0.0.1 at the port
 * playwright.config.ts points the server under test at (E2E_WECHAT_PORT). In `redirect` mode its
 * qrconnect page answers at once as if `nextOpenid` had scanned the QR: a redirect to redirect_uri
 * with a code and the state. In `page` mode it shows a placeholder QR page (for screenshots).
 */
export interface WechatStandIn {
  mode: 'redirect' | 'page';
  nextOpenid: string;
  close(): Promise<void>;
}

export const WECHAT_APP_ID = 'wxe2e0123456789ab';
export const WECHAT_SECRET = 'e2e-wechat-app-secret-0001';

export async function startWechatStandIn(): Promise<WechatStandIn> {
  const port = Number(process.env.E2E_WECHAT_PORT);
  const codes = new Map<string, string>();
  let sequence = 0;
  const standIn: WechatStandIn = { mode: 'redirect', nextOpenid: 'o_nobody', close: async () => undefined };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/connect/qrconnect') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('appid') !== WECHAT_APP_ID || !redirectUri) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('bad qrconnect request');
        return;
      }
      if (standIn.mode === 'page') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          '<!doctype html><body style="margin:0;font:14px sans-serif;text-align:center;color:#333">' +
            '<div style="margin:48px auto 16px;width:200px;height:200px;background:repeating-conic-gradient(#111 0 25%,#fff 0 50%) 0 0/25px 25px;border:8px solid #fff;outline:1px solid #ddd"></div>' +
            '<div>WeChat QR (stand-in)</div></body>',
        );
        return;
      }
      sequence += 1;
      const code = `e2ecode${sequence}`;
      codes.set(code, standIn.nextOpenid);
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const openid = codes.get(url.searchParams.get('code') ?? '');
      const valid = url.searchParams.get('appid') === WECHAT_APP_ID && url.searchParams.get('secret') === WECHAT_SECRET;
      response.writeHead(200, { 'content-type': 'text/plain' });
      if (!valid || !openid) {
        response.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
        return;
      }
      codes.delete(url.searchParams.get('code') ?? '');
      response.end(JSON.stringify({ access_token: 'at', expires_in: 7200, refresh_token: 'rt', openid, scope: 'snsapi_login' }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
