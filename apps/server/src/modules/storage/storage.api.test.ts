import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { limits } from '@smartdata/domain';
import { UrlSigner } from './urlSigner';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

const storageSecret = 'storage-api-test-secret-0123456789abcdef';
let t: TestApp;
let dataDir: string;

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Member {
  api: Api;
  userId: number;
  companyId: number;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-storage-'));
  t = await createTestApp({ dataDir, storageSecret });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function member(app: FastifyInstance, codes: string[], companyId?: number): Promise<Member> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 220, alpha: 1 } } }).png().toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } }).jpeg().toBuffer();

const en = { 'accept-language': 'en-US' };

function credential(api: Api, request: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api({ method: 'POST', url: '/general/cos/getUploadCredential', payload: request, headers });
}

/** The browser's side of an upload: the credential, then a PUT of the bytes to its URL. */
async function put(app: FastifyInstance, grant: { uploadUrl: string; headers: Record<string, string> }, bytes: Buffer, headers: Record<string, string> = {}) {
  return app.inject({ method: 'PUT', url: grant.uploadUrl, headers: { ...grant.headers, ...headers }, payload: bytes });
}

async function upload(who: Member, purpose: string, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
  const grant = body(await credential(who.api, { purpose, fileName, contentType, size: bytes.length }));
  expect(grant.code).toBe(0);
  const answer = await put(t.app, grant.data, bytes);
  expect(body(answer)).toEqual({ code: 0, msg: 'success', data: null });
  return grant.data.objectKey as string;
}

function objectFile(key: string): string {
  return path.join(dataDir, 'objects', ...key.split('/'));
}

describe('getUploadCredential', () => {
  it('grants a 5-minute signed PUT URL for an opaque key of the caller’s company', async () => {
    const alice = await member(t.app, []);
    const before = Date.now();
    const response = await credential(alice.api, { purpose: 'avatar', fileName: 'Me.PNG', contentType: 'image/png', size: 1234 });
    expect(response.statusCode).toBe(200);
    const grant = body(response).data;
    expect(grant.objectKey).toMatch(new RegExp(`^c${alice.companyId}/avatar/[0-9a-f-]{36}\\.png$`));
    expect(grant.method).toBe('PUT');
    expect(grant.headers).toEqual({ 'content-type': 'image/png' });
    expect(grant.uploadUrl).toMatch(/^\/general\/cos\/upload\?key=.+&expires=\d+&sig=.+$/);
    expect(grant.expiresAt).toBeGreaterThanOrEqual(before + 300_000);
    expect(grant.expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);
  });

  it('refuses a non-image for avatar and logo by declared type or extension, with the spec text in both languages', async () => {
    const alice = await member(t.app, []);
    for (const request of [
      { purpose: 'avatar', fileName: 'me.gif', contentType: 'image/gif', size: 100 },
      { purpose: 'logo', fileName: 'logo.png', contentType: 'application/pdf', size: 100 },
      { purpose: 'avatar', fileName: 'me.pdf', contentType: 'image/png', size: 100 },
      { purpose: 'logo', fileName: 'logo', contentType: 'image/jpeg', size: 100 },
    ]) {
      const zh = await credential(alice.api, request);
      expect(zh.statusCode).toBe(400);
      expect(body(zh)).toEqual({ code: 50001, msg: '验证失败', data: '文件格式错误，请上传图片类型' });
      expect(body(await credential(alice.api, request, en))).toEqual({ code: 50001, msg: 'Validation failed', data: 'The file format is incorrect' });
    }
    // JPG and PNG in any letter case pass.
    for (const [fileName, contentType] of [['a.JPG', 'image/jpeg'], ['a.jpeg', 'IMAGE/JPEG'], ['a.png', 'image/png']]) {
      expect(body(await credential(alice.api, { purpose: 'avatar', fileName, contentType, size: 10 })).code).toBe(0);
    }
  });

  it('refuses an image over 3 MB with the spec text, accepts exactly 3 MB', async () => {
    const alice = await member(t.app, []);
    const tooLarge = { purpose: 'logo', fileName: 'big.png', contentType: 'image/png', size: limits.imageMaxBytes + 1 };
    expect(body(await credential(alice.api, tooLarge))).toEqual({ code: 50001, msg: '验证失败', data: '图片大小超过 3M' });
    expect(body(await credential(alice.api, tooLarge, en))).toEqual({ code: 50001, msg: 'Validation failed', data: 'The image size exceeds 3M' });
    expect(body(await credential(alice.api, { ...tooLarge, size: limits.imageMaxBytes })).code).toBe(0);
  });

  it('limits other purposes to 50 MB and keeps a plain extension of the file name', async () => {
    const alice = await member(t.app, []);
    const firmware = { purpose: 'gateway', fileName: 'dtu-1.3.4.BIN', contentType: 'application/octet-stream', size: 50 * 1024 * 1024 };
    const ok = body(await credential(alice.api, firmware));
    expect(ok.data.objectKey).toMatch(new RegExp(`^c${alice.companyId}/gateway/[0-9a-f-]{36}\\.bin$`));
    const tooLarge = await credential(alice.api, { ...firmware, size: firmware.size + 1 }, en);
    expect(body(tooLarge)).toEqual({ code: 50001, msg: 'Validation failed', data: 'The file size exceeds 50M' });
  });

  it('applies the rule of every name to the file name: no bidi overrides, control characters or invisible-only names', async () => {
    const alice = await member(t.app, []);
    const request = (fileName: string) => ({ purpose: 'private', fileName, contentType: 'application/pdf', size: 10 });
    for (const fileName of ['invoice\u202excod.pdf', 'report\u2066.pdf', 'bell\u0007.pdf', 'tab\tname.pdf']) {
      expect(body(await credential(alice.api, request(fileName), en)), JSON.stringify(fileName)).toEqual({
        code: 50001,
        msg: 'Validation failed',
        data: 'Control characters and text-direction overrides are not allowed',
      });
    }
    expect(body(await credential(alice.api, request('\u200b\u200d\u2060'), en)).code).toBe(50001);
    expect(body(await credential(alice.api, request('\u200b\u200d\u2060'), en)).data).not.toContain('overrides');
    // Names in any script, with spaces, stay fine.
    expect(body(await credential(alice.api, request('2026 年 11 月 报表 (final).pdf'))).code).toBe(0);
  });

  it('validates the request and needs a signed-in user', async () => {
    const alice = await member(t.app, []);
    expect(body(await credential(alice.api, { purpose: 'secret', fileName: 'a.txt', contentType: 'text/plain', size: 1 })).code).toBe(50001);
    expect(body(await credential(alice.api, { purpose: 'private', fileName: 'a.txt', contentType: 'text/plain', size: 0 })).code).toBe(50001);
    expect(body(await credential(alice.api, { purpose: 'private', fileName: '', contentType: 'text/plain', size: 1 })).code).toBe(50001);
    const anonymous = await t.app.inject({ method: 'POST', url: '/general/cos/getUploadCredential', payload: { purpose: 'private', fileName: 'a.txt', contentType: 'text/plain', size: 1 } });
    expect(body(anonymous).code).toBe(70004);
  });
});

describe('upload (local disk)', () => {
  it('stores the bytes under DATA_DIR/objects and refuses a second upload to the same key', async () => {
    const alice = await member(t.app, []);
    const bytes = Buffer.from('report,1,2,3\n');
    const grant = body(await credential(alice.api, { purpose: 'private', fileName: 'report.csv', contentType: 'text/csv', size: bytes.length })).data;
    expect(body(await put(t.app, grant, bytes)).code).toBe(0);
    expect(fs.readFileSync(objectFile(grant.objectKey))).toEqual(bytes);
    const again = await put(t.app, grant, bytes);
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(40900);
  });

  it('checks the real bytes of an image: a renamed file is refused with the spec text', async () => {
    const alice = await member(t.app, []);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
    const grant = body(await credential(alice.api, { purpose: 'avatar', fileName: 'me.png', contentType: 'image/png', size: gif.length })).data;
    const zh = await put(t.app, grant, gif);
    expect(zh.statusCode).toBe(400);
    expect(body(zh)).toEqual({ code: 50001, msg: '验证失败', data: '文件格式错误，请上传图片类型' });
    expect(body(await put(t.app, grant, gif, en)).data).toBe('The file format is incorrect');
    // JPEG bytes declared as PNG are refused too.
    const photo = await jpeg(10, 10);
    const mislabelled = body(await credential(alice.api, { purpose: 'avatar', fileName: 'me.png', contentType: 'image/png', size: photo.length })).data;
    expect(body(await put(t.app, mislabelled, photo)).data).toBe('文件格式错误，请上传图片类型');
    // Nothing was stored, so there is nothing to set or download.
    expect(fs.existsSync(objectFile(grant.objectKey))).toBe(false);
    expect(body(await alice.api({ method: 'POST', url: '/general/user/setAvatar', payload: { objectKey: grant.objectKey } })).code).toBe(40400);
    expect(body(await alice.api({ method: 'POST', url: '/general/cos/getDownloadUrl', payload: { objectKey: grant.objectKey } })).code).toBe(40400);
  });

  it('refuses a body of another size or type than declared', async () => {
    const alice = await member(t.app, []);
    const bytes = Buffer.from('hello world');
    const grant = body(await credential(alice.api, { purpose: 'object', fileName: 'a.txt', contentType: 'text/plain', size: bytes.length })).data;
    expect(body(await put(t.app, grant, Buffer.from('hello world, longer'))).code).toBe(50001);
    expect(body(await put(t.app, grant, bytes, { 'content-type': 'application/json' })).code).toBe(50001);
    expect(body(await put(t.app, grant, bytes, { 'content-type': 'text/plain; charset=utf-8' })).code).toBe(0);
  });

  it('needs a valid, unexpired signature for this key and method', async () => {
    const alice = await member(t.app, []);
    const bytes = Buffer.from('payload');
    const grant = body(await credential(alice.api, { purpose: 'private', fileName: 'a.txt', contentType: 'text/plain', size: bytes.length })).data;
    const url = new URL(grant.uploadUrl, 'http://x');
    const key = url.searchParams.get('key')!;
    const expires = Number(url.searchParams.get('expires'));
    const withQuery = (query: Record<string, string>) => ({ ...grant, uploadUrl: `/general/cos/upload?${new URLSearchParams(query).toString()}` });

    const unsigned = await put(t.app, withQuery({ key, expires: String(expires) }), bytes);
    expect(body(unsigned).code).toBe(50001);
    const wrong = await put(t.app, withQuery({ key, expires: String(expires), sig: 'A'.repeat(43) }), bytes);
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong)).toEqual({ code: 40300, msg: '链接无效', data: null });
    // Stretching the expiry breaks the signature.
    expect(body(await put(t.app, withQuery({ key, expires: String(expires + 60_000), sig: url.searchParams.get('sig')! }), bytes)).code).toBe(40300);
    // A download signature cannot upload.
    const signer = new UrlSigner(() => Buffer.from(storageSecret));
    expect(body(await put(t.app, withQuery({ key, expires: String(expires), sig: signer.sign('GET', key, expires) }), bytes)).msg).toBe('链接无效');
    // Correctly signed but in the past: expired.
    const past = Date.now() - 1000;
    const expired = await put(t.app, withQuery({ key, expires: String(past), sig: signer.sign('PUT', key, past) }), bytes, en);
    expect(expired.statusCode).toBe(403);
    expect(body(expired)).toEqual({ code: 40300, msg: 'The link has expired, please ask for a new one', data: null });
    expect(fs.existsSync(objectFile(key))).toBe(false);
  });
});

describe('URL lifetime (STORAGE_URL_TTL_SECONDS)', () => {
  it('refuses a genuine upload or download URL once its lifetime is over', async () => {
    const shortLived = await createTestApp({ dataDir, storageSecret, storageUrlTtlSeconds: 1 });
    // One second: long enough for a loaded CI machine to use a fresh URL in time, short enough to wait out.
    try {
      const alice = await member(shortLived.app, []);
      const bytes = Buffer.from('late');
      const grant = body(await credential(alice.api, { purpose: 'private', fileName: 'late.txt', contentType: 'text/plain', size: bytes.length })).data;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const late = await put(shortLived.app, grant, bytes);
      expect(late.statusCode).toBe(403);
      expect(body(late).msg).toBe('链接已过期，请重新获取');

      const fresh = body(await credential(alice.api, { purpose: 'private', fileName: 'on-time.txt', contentType: 'text/plain', size: bytes.length })).data;
      expect(body(await put(shortLived.app, fresh, bytes)).code).toBe(0);
      const download = body(await alice.api({ method: 'POST', url: '/general/cos/getDownloadUrl', payload: { objectKey: fresh.objectKey } })).data;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await shortLived.app.inject({ url: download.url });
      expect(expired.statusCode).toBe(403);
      expect(expired.rawPayload.includes(bytes)).toBe(false);
    } finally {
      await shortLived.close();
    }
  });
});

describe('download', () => {
  it('serves a private object only through a valid signed URL', async () => {
    const alice = await member(t.app, []);
    const bytes = Buffer.from('secret meter readings');
    const key = await upload(alice, 'private', '读数.txt', 'text/plain', bytes);
    const answer = body(await alice.api({ method: 'POST', url: '/general/cos/getDownloadUrl', payload: { objectKey: key } })).data;
    expect(answer.url).toMatch(new RegExp(`^/general/cos/object/${key}\\?expires=\\d+&sig=`));
    expect(answer.expiresAt).toBeGreaterThan(Date.now() + 290_000);

    const served = await t.app.inject({ url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers['content-type']).toBe('text/plain');
    expect(served.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('读数.txt')}`);
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const url = new URL(answer.url, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    const signer = new UrlSigner(() => Buffer.from(storageSecret));
    const past = Date.now() - 1;
    const other = await upload(alice, 'private', 'other.txt', 'text/plain', Buffer.from('other'));
    const refusals = [
      { url: `/general/cos/object/${key}`, status: 400 },
      { url: `/general/cos/object/${key}?expires=${expires}`, status: 400 },
      { url: `/general/cos/object/${key}?expires=${expires}&sig=${'x'.repeat(43)}`, status: 403 },
      { url: `/general/cos/object/${key}?expires=${expires + 1}&sig=${sig}`, status: 403 },
      { url: `/general/cos/object/${key}?expires=${past}&sig=${signer.sign('GET', key, past)}`, status: 403 },
      { url: `/general/cos/object/${other}?expires=${expires}&sig=${sig}`, status: 403 },
      { url: `/general/cos/object/${key}?expires=${expires}&sig=${signer.sign('PUT', key, expires)}`, status: 403 },
      { url: `/general/cos/public/${key}`, status: 404 },
      { url: `/general/cos/object/..%2F..%2Fstorage-secret?expires=${expires}&sig=${sig}`, status: 400 },
    ];
    for (const refusal of refusals) {
      const response = await t.app.inject({ url: refusal.url });
      expect({ url: refusal.url, status: response.statusCode }).toEqual(refusal);
      expect(response.rawPayload.includes(bytes)).toBe(false);
    }
  });

  it('keeps companies apart: another company’s keys are not found', async () => {
    const alice = await member(t.app, ['sys_company_info']);
    const bob = await member(t.app, ['sys_company_info']);
    const privateKey = await upload(alice, 'private', 'a.txt', 'text/plain', Buffer.from('alice only'));
    const avatarKey = await upload(alice, 'avatar', 'me.png', 'image/png', await png(20, 20));
    const logoKey = await upload(alice, 'logo', 'logo.png', 'image/png', await png(40, 20));
    for (const [url, objectKey] of [
      ['/general/cos/getDownloadUrl', privateKey],
      ['/general/cos/deleteObject', privateKey],
      ['/general/user/setAvatar', avatarKey],
      ['/general/company/setCompanyLogo', logoKey],
    ] as const) {
      const response = await bob.api({ method: 'POST', url, payload: { objectKey } });
      expect({ url, status: response.statusCode, code: body(response).code }).toEqual({ url, status: 404, code: 40400 });
    }
    // Still there for Alice.
    expect(body(await alice.api({ method: 'POST', url: '/general/cos/getDownloadUrl', payload: { objectKey: privateKey } })).code).toBe(0);
  });
});

describe('deleteObject', () => {
  it('lets the uploader or a company administrator delete, nobody else', async () => {
    const alice = await member(t.app, []);
    const colleague = await member(t.app, [], alice.companyId);
    const admin = await member(t.app, ['sys_company_info'], alice.companyId);
    const first = await upload(alice, 'object', 'a.txt', 'text/plain', Buffer.from('one'));
    const second = await upload(alice, 'object', 'b.txt', 'text/plain', Buffer.from('two'));

    const refused = await colleague.api({ method: 'POST', url: '/general/cos/deleteObject', payload: { objectKey: first } });
    expect(refused.statusCode).toBe(403);
    expect(body(await alice.api({ method: 'POST', url: '/general/cos/deleteObject', payload: { objectKey: first } })).code).toBe(0);
    expect(body(await admin.api({ method: 'POST', url: '/general/cos/deleteObject', payload: { objectKey: second } })).code).toBe(0);
    expect(fs.existsSync(objectFile(first))).toBe(false);
    expect(fs.existsSync(objectFile(second))).toBe(false);
    expect(body(await alice.api({ method: 'POST', url: '/general/cos/getDownloadUrl', payload: { objectKey: first } })).code).toBe(40400);
    expect(body(await alice.api({ method: 'POST', url: '/general/cos/deleteObject', payload: { objectKey: first } })).code).toBe(40400);
  });
});

describe('avatar', () => {
  const currentUser = async (who: Member) => body(await who.api({ url: '/general/user/getUser' })).data;

  it('sets the head image to a stable public URL that serves the PNG, replaces and removes it', async () => {
    const alice = await member(t.app, []);
    const picture = await png(64, 64);
    const key = await upload(alice, 'avatar', 'me.png', 'image/png', picture);
    const set = await alice.api({ method: 'POST', url: '/general/user/setAvatar', payload: { objectKey: key } });
    expect(body(set)).toEqual({ code: 0, msg: 'success', data: { headImgUrl: `/general/cos/public/${key}` } });
    expect((await currentUser(alice)).headImgUrl).toBe(`/general/cos/public/${key}`);

    const served = await t.app.inject({ url: `/general/cos/public/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    expect(served.rawPayload).toEqual(picture);

    // In use: it cannot be deleted behind the user's back.
    expect(body(await alice.api({ method: 'POST', url: '/general/cos/deleteObject', payload: { objectKey: key } })).code).toBe(40900);

    // A new avatar replaces the old one, whose object goes.
    const next = await upload(alice, 'avatar', 'me2.jpg', 'image/jpeg', await jpeg(32, 32));
    expect(body(await alice.api({ method: 'POST', url: '/general/user/setAvatar', payload: { objectKey: next } })).code).toBe(0);
    expect((await t.app.inject({ url: `/general/cos/public/${key}` })).statusCode).toBe(404);
    expect((await currentUser(alice)).headImgUrl).toBe(`/general/cos/public/${next}`);

    expect(body(await alice.api({ method: 'POST', url: '/general/cos/removeAvatar' })).code).toBe(0);
    expect((await currentUser(alice)).headImgUrl).toBe('');
    expect((await t.app.inject({ url: `/general/cos/public/${next}` })).statusCode).toBe(404);
    expect(fs.existsSync(objectFile(next))).toBe(false);
  });

  it('only takes the caller’s own avatar upload', async () => {
    const alice = await member(t.app, []);
    const colleague = await member(t.app, [], alice.companyId);
    const key = await upload(alice, 'avatar', 'me.png', 'image/png', await png(16, 16));
    expect(body(await colleague.api({ method: 'POST', url: '/general/user/setAvatar', payload: { objectKey: key } })).code).toBe(40400);
    const document = await upload(alice, 'public', 'doc.png', 'image/png', await png(16, 16));
    expect(body(await alice.api({ method: 'POST', url: '/general/user/setAvatar', payload: { objectKey: document } })).code).toBe(40400);
  });
});

describe('company logo', () => {
  const companyCfg = async (who: Member) => JSON.parse(body(await who.api({ url: '/general/company/getCompany' })).data.cfg as string);

  it('makes a 150 px thumbnail, sets cfg.logoUri and cfg.logoThumbnailUri and keeps other cfg keys', async () => {
    const admin = await member(t.app, ['sys_company_info']);
    await t.app.platform.db.updateTable('company').set({ cfg: JSON.stringify({ theme: 'dark' }) }).where('id', '=', admin.companyId).execute();
    const key = await upload(admin, 'logo', 'logo.png', 'image/png', await png(600, 300));
    const set = body(await admin.api({ method: 'POST', url: '/general/company/setCompanyLogo', payload: { objectKey: key } }));
    expect(set.code).toBe(0);
    expect(set.data.logoUri).toBe(`/general/cos/public/${key}`);
    expect(set.data.logoThumbnailUri).toMatch(new RegExp(`^/general/cos/public/c${admin.companyId}/logo/[0-9a-f-]{36}-thumb\\.png$`));
    expect(await companyCfg(admin)).toEqual({ theme: 'dark', logoUri: set.data.logoUri, logoThumbnailUri: set.data.logoThumbnailUri });

    const thumbnail = await t.app.inject({ url: set.data.logoThumbnailUri });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', limits.thumbnailSidePx, 75]);

    // A tall JPEG: 150 px on its longer side too; the previous logo and thumbnail go.
    const tall = await upload(admin, 'logo', 'tall.jpg', 'image/jpeg', await jpeg(200, 400));
    const replaced = body(await admin.api({ method: 'POST', url: '/general/company/setCompanyLogo', payload: { objectKey: tall } })).data;
    const tallMeta = await sharp((await t.app.inject({ url: replaced.logoThumbnailUri })).rawPayload).metadata();
    expect([tallMeta.width, tallMeta.height]).toEqual([75, 150]);
    expect((await t.app.inject({ url: set.data.logoUri })).statusCode).toBe(404);
    expect((await t.app.inject({ url: set.data.logoThumbnailUri })).statusCode).toBe(404);

    expect(body(await admin.api({ method: 'POST', url: '/general/cos/removeCompanyLogo' })).code).toBe(0);
    expect(await companyCfg(admin)).toEqual({ theme: 'dark' });
    expect((await t.app.inject({ url: replaced.logoUri })).statusCode).toBe(404);
    expect((await t.app.inject({ url: replaced.logoThumbnailUri })).statusCode).toBe(404);
  });

  it('needs sys_company_info', async () => {
    const member_ = await member(t.app, []);
    const key = await upload(member_, 'logo', 'logo.png', 'image/png', await png(10, 10));
    expect(body(await member_.api({ method: 'POST', url: '/general/company/setCompanyLogo', payload: { objectKey: key } })).code).toBe(40300);
    expect(body(await member_.api({ method: 'POST', url: '/general/cos/removeCompanyLogo' })).code).toBe(40300);
  });

  it('removeSysCompanyLogo is for the platform administrator alone', async () => {
    const admin = await member(t.app, ['sys_company_info', 'system_company']);
    const key = await upload(admin, 'logo', 'logo.png', 'image/png', await png(300, 300));
    const logo = body(await admin.api({ method: 'POST', url: '/general/company/setCompanyLogo', payload: { objectKey: key } })).data;

    const refused = await admin.api({ method: 'POST', url: '/general/cos/removeSysCompanyLogo', payload: { companyId: admin.companyId } });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(40300);
    expect((await t.app.inject({ url: logo.logoThumbnailUri })).statusCode).toBe(200);

    const platformAdmin = as(t.app, await signIn(t.app, 'admin', adminPassword));
    expect(body(await platformAdmin({ method: 'POST', url: '/general/cos/removeSysCompanyLogo', payload: { companyId: admin.companyId } })).code).toBe(0);
    expect(await companyCfg(admin)).toEqual({});
    expect((await t.app.inject({ url: logo.logoThumbnailUri })).statusCode).toBe(404);
    expect(body(await platformAdmin({ method: 'POST', url: '/general/cos/removeSysCompanyLogo', payload: { companyId: 999_999 } })).code).toBe(40400);
  });
});

describe('OpenAPI', () => {
  it('documents every storage call', async () => {
    const doc = (await t.app.inject({ url: '/general/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }>();
    for (const [route, method] of [
      ['/general/cos/getUploadCredential', 'post'],
      ['/general/cos/upload', 'put'],
      ['/general/cos/getDownloadUrl', 'post'],
      ['/general/cos/deleteObject', 'post'],
      ['/general/user/setAvatar', 'post'],
      ['/general/cos/removeAvatar', 'post'],
      ['/general/company/setCompanyLogo', 'post'],
      ['/general/cos/removeCompanyLogo', 'post'],
      ['/general/cos/removeSysCompanyLogo', 'post'],
    ] as const) {
      const operation = doc.paths[route]?.[method];
      expect({ route, tags: operation?.tags, hasSummary: Boolean(operation?.summary) }).toEqual({ route, tags: ['storage'], hasSummary: true });
    }
  });
});
