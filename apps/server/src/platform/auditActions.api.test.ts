import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActionText } from '@smartdata/domain';
import { createTestApp, type TestApp } from '@server/test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('audit log actions, generated from the route table', () => {
  it('every call the audit log records has its action in words in both languages', () => {
    // The audit log records every POST under /general (test routes and devices' own traffic aside) and the GETs marked `audit`.
    const audited = t.app.routeTable.filter((r) => r.url.startsWith('/general/') && !r.url.startsWith('/general/test/') && !r.websocket && !r.deviceTraffic && r.method !== 'GET');
    expect(audited.length).toBeGreaterThan(100);
    const missing = audited.filter((r) => !auditActionText(r.url, 'zh-CN') || !auditActionText(r.url, 'en-US')).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const path of ['/general/dashboard/exportDashboard', '/general/dataItem/exportRecords', '/general/alarm/exportAlarms', '/general/user/access/logout', '/general/user/access/getSmsCode']) {
      expect(auditActionText(path, 'en-US'), path).not.toBeNull();
    }
    expect(auditActionText('/general/dashboard/saveDashboard', 'zh-CN')).toBe('保存看板');
    expect(auditActionText('/general/dashboard/saveDashboard', 'en-US')).toBe('Save a dashboard');
    // A segment two modules share reads as its own module's action.
    expect(auditActionText('/general/task/addRule', 'en-US')).toBe('Add an intelligent rule');
    expect(auditActionText('/general/alarm/addRule', 'en-US')).toBe('Add an alarm rule');
  });
});
