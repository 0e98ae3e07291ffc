import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { lazyImport } from './lazyImport';
import { SmtpMailSender } from './mail';

/**
 * Idle memory (issue 21, target 5): the heavy packages a server may never use are loaded on their
 * first use, not at start-up. Each package is wrapped so the test sees when it is imported.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('exceljs', async (importOriginal) => {
  loaded.add('exceljs');
  return importOriginal();
});
vi.mock('pdfkit', async (importOriginal) => {
  loaded.add('pdfkit');
  return importOriginal();
});
vi.mock('qrcode', async (importOriginal) => {
  loaded.add('qrcode');
  return importOriginal();
});
vi.mock('sharp', async (importOriginal) => {
  loaded.add('sharp');
  return importOriginal();
});
vi.mock('nodemailer', async (importOriginal) => {
  loaded.add('nodemailer');
  return importOriginal();
});
vi.mock('pg', async (importOriginal) => {
  loaded.add('pg');
  return importOriginal();
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
});

afterAll(async () => {
  await t.close();
});

describe('start-up', () => {
  it('loads none of exceljs, pdfkit, qrcode, sharp, nodemailer (SMTP configured) or, on SQLite, pg', () => {
    expect([...loaded].sort()).toEqual(onPostgres ? ['pg'] : []);
    expect(t.app.platform.mail.configured).toBe(true);
  });

  it('still refuses at start-up an SMTP_URL that nodemailer cannot read', () => {
    expect(() => new SmtpMailSender('mail.example.com:25', 'console@example.com')).toThrow('SMTP_URL must be an smtp://, smtps:// or direct: address');
    expect(new SmtpMailSender(undefined, 'console@example.com').configured).toBe(false);
  });

  it('loads exceljs on the first XLSX export, which answers as before', async () => {
    const user = await createCompanyUser(t.app, { codes: ['dm_sim_card'] });
    const api = as(t.app, await signIn(t.app, user.userName, user.password));
    const file = await api({ method: 'GET', url: '/general/sim/exportCards?format=xlsx' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(loaded.has('exceljs')).toBe(true);
    expect(loaded.has('pdfkit')).toBe(false);
  });
});

describe('lazyImport', () => {
  it('loads once and hands every caller the same module', async () => {
    let loads = 0;
    const load = lazyImport(async () => ({ n: (loads += 1) }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });

  it('throws the load error and tries again on the next call', async () => {
    let loads = 0;
    const load = lazyImport(async () => {
      loads += 1;
      if (loads === 1) {
        throw new Error('Cannot find package');
      }
      return 'module';
    });
    await expect(load()).rejects.toThrow('Cannot find package');
    expect(await load()).toBe('module');
    expect(loads).toBe(2);
  });
});
