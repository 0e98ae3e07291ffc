import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Person {
  api: Api;
  userId: number;
  companyId: number;
  userName: string;
}

async function person(app: FastifyInstance, companyId?: number, codes: string[] = ['sd_capsule']): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId, userName: user.userName };
}

const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers });
const get = (api: Api, url: string) => api({ method: 'GET', url: `/general/${url}` });
const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/** The browser's side of an upload: a credential, then a PUT of the bytes. */
async function upload(who: Person, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
  const grant = body(await post(who.api, 'cos/getUploadCredential', { purpose: 'object', fileName, contentType, size: bytes.length }));
  expect(grant.code, JSON.stringify(grant)).toBe(0);
  const put = await t.app.inject({ method: 'PUT', url: grant.data.uploadUrl, headers: grant.data.headers, payload: bytes });
  expect(body(put).code).toBe(0);
  return grant.data.objectKey as string;
}

async function addDirectory(who: Person, name: string, parentId: number | null = null): Promise<number> {
  const answer = body(await post(who.api, 'cabin/addDirectory', { parentId, name }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id as number;
}

async function addFile(who: Person, parentId: number | null, fileName: string, bytes = pdf(fileName)): Promise<{ id: number; nodeId: number }> {
  const key = await upload(who, fileName, 'application/pdf', bytes);
  const answer = body(await post(who.api, 'file/addFile', { parentId, objectKey: key }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
}

/** Follows a signed download URL and answers the bytes. */
async function download(who: Person, id: number, versionId?: number): Promise<{ text: string; type: string; disposition: string }> {
  const answer = body(await post(who.api, 'file/getFileDownloadUrl', { id, versionId }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  const served = await t.app.inject({ method: 'GET', url: answer.data.url });
  expect(served.statusCode).toBe(200);
  return { text: served.body, type: String(served.headers['content-type']), disposition: String(served.headers['content-disposition']) };
}

describe('file nodes', () => {
  it('creates a file node from an upload, keeps every version, and downloads an old one', async () => {
    const alice = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const dir = await addDirectory(alice, '资料');
    const file = await addFile(alice, dir, 'manual.pdf', pdf('version one'));

    const tree = body(await get(alice.api, 'cabin/getTree')).data;
    const node = tree[0].children.find((n: { id: number }) => n.id === file.nodeId);
    expect(node).toMatchObject({ kind: 'file', name: 'manual.pdf', refId: file.id, extra: { contentType: 'application/pdf', versionNo: 1 } });

    const second = await upload(alice, 'manual-v2.pdf', 'application/pdf', pdf('version two'));
    expect(body(await post(alice.api, 'file/addFileVersion', { id: file.id, objectKey: second })).code).toBe(0);

    const detail = body(await get(alice.api, `file/getFile?id=${file.id}`)).data;
    expect(detail.name).toBe('manual.pdf');
    expect(detail.level).toBe('admin');
    expect(detail.versions.map((v: { versionNo: number; fileName: string }) => [v.versionNo, v.fileName])).toEqual([
      [2, 'manual-v2.pdf'],
      [1, 'manual.pdf'],
    ]);
    expect(detail.versions[1]).toMatchObject({ size: pdf('version one').length, uploaderId: alice.userId, contentType: 'application/pdf' });
    expect(detail.versions[1].uploaderName).not.toBe('');

    // The current version is the latest; the first one is still there.
    expect((await download(alice, file.id)).text).toContain('version two');
    const old = await download(alice, file.id, detail.versions[1].id);
    expect(old.text).toContain('version one');
    expect(old.type).toBe('application/pdf');
    // Shown in the file page's frame (Chromium's PDF viewer), still under the sandbox policy.
    expect(old.disposition).toMatch(/^inline; /);

    // An object cannot become two versions.
    expect(body(await post(alice.api, 'file/addFileVersion', { id: file.id, objectKey: second })).code).toBe(40900);

    // Rename and delete like other nodes; the objects go with the node.
    expect(body(await post(alice.api, 'cabin/renameNode', { id: file.nodeId, name: '使用手册' })).code).toBe(0);
    expect(body(await get(alice.api, `file/getFile?id=${file.id}`)).data.name).toBe('使用手册');
    expect(body(await post(alice.api, 'cabin/deleteNode', { id: file.nodeId })).code).toBe(0);
    expect(body(await get(alice.api, `file/getFile?id=${file.id}`)).code).toBe(40400);
    expect(body(await post(alice.api, 'cos/getDownloadUrl', { objectKey: second })).code).toBe(40400);
  });

  it('refuses a type outside the allow-list and a file over the size limit with a translated 50001', async () => {
    const admin = await person(t.app, undefined, ['sd_capsule', 'sys_company_info']);
    const settings = body(await get(admin.api, 'file/getFileSettings')).data;
    expect(settings.maxMb).toBe(50);
    expect(settings.allowedTypes).toEqual(expect.arrayContaining(['pdf', 'docx', 'xlsx', 'png', 'jpg', 'csv', 'zip']));

    const script = await upload(admin, 'run.exe', 'application/octet-stream', Buffer.from('MZ'));
    const refusedZh = body(await post(admin.api, 'file/addFile', { parentId: null, objectKey: script }, zh));
    expect(refusedZh.code).toBe(50001);
    expect(refusedZh.data).toContain('不允许上传该类型的文件');
    const refusedEn = body(await post(admin.api, 'file/addFile', { parentId: null, objectKey: script }, en));
    expect(refusedEn.data).toContain('Files of this type cannot be uploaded');

    expect(body(await post(admin.api, 'file/updateFileSettings', { maxMb: 1, allowedTypes: ['PDF', '.txt'] })).code).toBe(0);
    expect(body(await get(admin.api, 'file/getFileSettings')).data).toEqual({ maxMb: 1, allowedTypes: ['pdf', 'txt'] });
    const big = await upload(admin, 'big.pdf', 'application/pdf', Buffer.alloc(1024 * 1024 + 1, 32));
    const tooLarge = body(await post(admin.api, 'file/addFile', { parentId: null, objectKey: big }, en));
    expect(tooLarge).toMatchObject({ code: 50001, data: 'The file size exceeds 1 MB' });
    expect(body(await post(admin.api, 'file/addFile', { parentId: null, objectKey: big }, zh)).data).toBe('文件大小超过 1 MB');
    const docx = await upload(admin, 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.from('PK'));
    expect(body(await post(admin.api, 'file/addFile', { parentId: null, objectKey: docx })).code).toBe(50001);

    // Only a company administrator changes the settings.
    const member = await person(t.app, admin.companyId);
    expect(body(await post(member.api, 'file/updateFileSettings', { maxMb: 50, allowedTypes: ['pdf'] })).code).toBe(40300);
    expect(body(await post(admin.api, 'file/updateFileSettings', { maxMb: 51, allowedTypes: ['pdf'] })).code).toBe(50001);
  });

  it('enforces the node permissions: read downloads, read-write adds a version, admin deletes; another company gets 40400', async () => {
    const owner = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const reader = await person(t.app, owner.companyId);
    const dir = await addDirectory(owner, '合同');
    const file = await addFile(owner, dir, 'contract.pdf');
    const grants = [
      { scope: 'company', level: 'readWrite' },
      { scope: 'user', targetId: reader.userId, level: 'read' },
    ];
    expect(body(await post(owner.api, 'cabin/setPermission', { nodeId: dir, mode: 'custom', grants })).code).toBe(0);

    expect(body(await get(reader.api, `file/getFile?id=${file.id}`)).data.level).toBe('read');
    expect((await download(reader, file.id)).text).toContain('contract.pdf');
    const readerKey = await upload(reader, 'contract-2.pdf', 'application/pdf', pdf('v2'));
    expect(body(await post(reader.api, 'file/addFileVersion', { id: file.id, objectKey: readerKey })).code).toBe(40300);
    expect(body(await post(reader.api, 'file/addFile', { parentId: dir, objectKey: readerKey })).code).toBe(40300);
    expect(body(await get(owner.api, `file/getFile?id=${file.id}`)).data.versions).toHaveLength(1);

    // A read-write member adds a version but cannot delete (admin).
    const writer = await person(t.app, owner.companyId);
    const writerKey = await upload(writer, 'contract-3.pdf', 'application/pdf', pdf('v3'));
    expect(body(await post(writer.api, 'file/addFileVersion', { id: file.id, objectKey: writerKey })).code).toBe(0);
    expect(body(await post(writer.api, 'cabin/deleteNode', { id: file.nodeId })).code).toBe(40300);
    // Nobody makes a version of somebody else's upload.
    expect(body(await post(owner.api, 'file/addFileVersion', { id: file.id, objectKey: readerKey })).code).toBe(40400);

    const stranger = await person(t.app);
    expect(body(await get(stranger.api, `file/getFile?id=${file.id}`)).code).toBe(40400);
    expect(body(await post(stranger.api, 'file/getFileDownloadUrl', { id: file.id })).code).toBe(40400);
    const strangerKey = await upload(stranger, 'x.pdf', 'application/pdf', pdf('x'));
    expect(body(await post(stranger.api, 'file/addFileVersion', { id: file.id, objectKey: strangerKey })).code).toBe(40400);
    expect(body(await post(owner.api, 'file/addFileVersion', { id: file.id, objectKey: strangerKey })).code).toBe(40400);
  });
});

describe('project nodes', () => {
  it('groups nodes under it: members, status, dates, and a page of what the caller may read with latest values', async () => {
    const admin = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const member = await person(t.app, admin.companyId);
    const stranger = await person(t.app);

    const refused = body(await post(admin.api, 'project/addProject', { parentId: null, name: '一号站', startDate: '2026-12-01', endDate: '2026-11-01' }, en));
    expect(refused).toMatchObject({ code: 50001 });
    expect(refused.data).toContain('The end date cannot be before the start date');
    expect(body(await post(admin.api, 'project/addProject', { parentId: null, name: '一号站', memberIds: [stranger.userId] })).code).toBe(50001);

    const created = body(
      await post(admin.api, 'project/addProject', { parentId: null, name: '一号站', description: '客户 A 的站点', status: 'active', startDate: '2026-11-01', endDate: '2026-12-31', memberIds: [member.userId] }),
    );
    expect(created.code, JSON.stringify(created)).toBe(0);
    const project = created.data as { id: number; nodeId: number };

    // Items, directories and files go under the project.
    const item = body(
      await post(admin.api, 'dataItem/addDataItem', { directoryId: project.nodeId, name: '温度', kind: 10, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1 }] }),
    );
    expect(item.code, JSON.stringify(item)).toBe(0);
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId: item.data.id, values: { temperature: 20.5 } })).code).toBe(0);
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId: item.data.id, values: { temperature: 21.5 } })).code).toBe(0);
    const sub = await addDirectory(admin, '图纸', project.nodeId);
    const file = await addFile(admin, sub, 'drawing.pdf');
    const hidden = await addDirectory(admin, '内部', project.nodeId);
    await addFile(admin, hidden, 'secret.pdf');
    expect(body(await post(admin.api, 'cabin/setPermission', { nodeId: hidden, mode: 'custom', grants: [{ scope: 'user', targetId: admin.userId, level: 'admin' }] })).code).toBe(0);

    const page = body(await get(member.api, `project/getProject?id=${project.id}`)).data;
    expect(page).toMatchObject({ name: '一号站', description: '客户 A 的站点', status: 'active', startDate: '2026-11-01', endDate: '2026-12-31', level: 'readWrite' });
    expect(page.members).toEqual([{ userId: member.userId, name: expect.any(String) }]);
    const names = page.nodes.map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(['温度', '图纸', 'drawing.pdf']));
    expect(names).not.toContain('内部');
    expect(names).not.toContain('secret.pdf');
    const itemNode = page.nodes.find((n: { kind: string }) => n.kind === 'dataItem');
    expect(itemNode.latest.values).toEqual([{ fieldName: 'temperature', name: '温度', unit: '℃', value: 21.5 }]);
    expect(page.nodes.find((n: { refId: number; kind: string }) => n.kind === 'file' && n.refId === file.id).path).toEqual(['图纸']);

    expect(body(await post(member.api, 'project/updateProject', { id: project.id, description: '已完工', status: 'finished', startDate: '2026-11-01', endDate: null, memberIds: [] })).code).toBe(0);
    const after = body(await get(admin.api, `project/getProject?id=${project.id}`)).data;
    expect(after).toMatchObject({ description: '已完工', status: 'finished', endDate: null, members: [] });

    expect(body(await get(stranger.api, `project/getProject?id=${project.id}`)).code).toBe(40400);
    expect(body(await post(stranger.api, 'project/updateProject', { id: project.id, status: 'active' })).code).toBe(40400);

    // Deleting the project takes what is under it.
    expect(body(await post(admin.api, 'cabin/deleteNode', { id: project.nodeId })).code).toBe(0);
    expect(body(await get(admin.api, `file/getFile?id=${file.id}`)).code).toBe(40400);
  });
});
