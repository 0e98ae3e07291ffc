import { randomBytes } from 'node:crypto';
import { gasLimits, type BlendInput, type Locale, type VerifyState } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { AnalysisRecord, FillRecord } from './blendOrders.service';
import type { GasNumbering } from './gasNumbering';
import { json, requireAnalysis, requireOrder, type PageRequest } from './gasRows';
import { GasRepository, type CertificateRow } from './gas.repository';

/** What a certificate states (a snapshot taken when it is issued). */
export interface CertificateSnapshot {
  number: string;
  issuer: string;
  source: 'blend' | 'purity';
  sourceNumber: string;
  cylinderNumber: string;
  cylinderMaterial: string;
  valve: string;
  volumeL: number | null;
  fillPressureBar: number | null;
  pressureMode: 'gauge' | 'absolute' | null;
  referenceTemperatureC: number | null;
  /** Certified components (amount fraction, expanded uncertainty k = 2); purity certificates list the impurities in ppm. */
  components: { gas: string; fraction: number; U: number }[];
  balance: string | null;
  gas: string | null;
  grade: string | null;
  purityPercent: number | null;
  impurities: { gas: string; valuePpm: number | null; lodPpm: number; belowLod: boolean }[];
  method: string;
  referenceStandards: string;
  traceability: string;
  certifiedAt: string;
  expiresAt: string;
  minUsePressureBar: number;
  storageTemperature: string;
  approver: string;
}

export interface GasCompanies {
  timeZoneOf(companyId: number): Promise<string | undefined>;
  find(companyId: number, locale?: Locale): Promise<{ displayName: string } | undefined>;
}

/** `yyyy-MM-dd` a year later: the same day, or 02-28 for 02-29. */
function aYearAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year + 1, month - 1, day));
  return (next.getUTCMonth() === month - 1 ? next : new Date(Date.UTC(year + 1, month, 0))).toISOString().slice(0, 10);
}

/**
 * Certificates of analysed blending orders and passing purity analyses (issue 20, docs/gas.md):
 * issued as a snapshot with a random verification code, revoked, printed, and verified on the
 * public page.
 */
export class CertificatesService {
  constructor(
    private readonly db: Db,
    private readonly repository: GasRepository,
    private readonly numbering: GasNumbering,
    private readonly companies: GasCompanies,
  ) {}

  async issueCertificate(
    caller: CabinCaller,
    request: { source: 'blend' | 'purity'; sourceId: number; referenceStandards: string; traceability: string; certifiedAt?: string; expiresAt?: string; minUsePressureBar: number; storageTemperature: string; approver: string },
  ): Promise<{ id: number; number: string; code: string }> {
    // Left out: certified today — the company's today, not the server's UTC date — valid for a year.
    const certifiedAt = request.certifiedAt ?? (await this.numbering.today(caller.companyId));
    const expiresAt = request.expiresAt ?? aYearAfter(certifiedAt);
    if (Number.isNaN(Date.parse(certifiedAt)) || Number.isNaN(Date.parse(expiresAt))) {
      throw validationError('validation.gas.date');
    }
    if (expiresAt <= certifiedAt) {
      throw validationError('gas.certificate.dates');
    }
    if (!Number.isFinite(request.minUsePressureBar) || request.minUsePressureBar < 0 || request.minUsePressureBar > gasLimits.pressureBarMax) {
      throw validationError('gas.certificate.minPressure');
    }
    if (await this.repository.validCertificateOf(caller.companyId, request.source, request.sourceId)) {
      throw conflict('gas.certificate.issued');
    }
    const issuer = (await this.companies.find(caller.companyId))?.displayName ?? '';
    const common = {
      issuer,
      referenceStandards: request.referenceStandards,
      traceability: request.traceability,
      certifiedAt,
      expiresAt,
      minUsePressureBar: request.minUsePressureBar,
      storageTemperature: request.storageTemperature,
      approver: request.approver,
    };
    let snapshot: Omit<CertificateSnapshot, 'number'>;
    if (request.source === 'blend') {
      const order = await requireOrder(this.repository, caller.companyId, request.sourceId);
      if (order.state !== 'analysed') {
        throw conflict('gas.certificate.source');
      }
      const input = json<BlendInput>(order.input_json) as BlendInput;
      const fill = json<FillRecord>(order.fill_json) as FillRecord;
      const analysis = json<AnalysisRecord>(order.analysis_json);
      snapshot = {
        ...common,
        source: 'blend',
        sourceNumber: order.number,
        cylinderNumber: order.cylinder_number,
        cylinderMaterial: order.cylinder_material,
        valve: order.valve,
        volumeL: input.volumeL,
        fillPressureBar: input.pressureBar,
        pressureMode: input.pressureMode,
        referenceTemperatureC: input.referenceTemperatureC,
        components: fill.composition.filter((c) => c.gas !== input.balance).map((c) => ({ gas: c.gas, fraction: c.fraction, U: c.U })),
        balance: input.balance,
        gas: null,
        grade: null,
        purityPercent: null,
        impurities: [],
        method: analysis ? `ISO 6142-1; ${analysis.method}` : 'ISO 6142-1',
      };
    } else {
      const analysis = await requireAnalysis(this.repository, caller.companyId, request.sourceId);
      if (analysis.passed !== 1) {
        throw conflict('gas.certificate.source');
      }
      const grade = await this.repository.findGrade(caller.companyId, analysis.grade_id);
      snapshot = {
        ...common,
        source: 'purity',
        sourceNumber: analysis.number,
        cylinderNumber: analysis.cylinder_number,
        cylinderMaterial: '',
        valve: '',
        volumeL: null,
        fillPressureBar: null,
        pressureMode: null,
        referenceTemperatureC: null,
        components: [],
        balance: null,
        gas: grade?.gas ?? null,
        grade: grade?.grade ?? null,
        purityPercent: analysis.purity * 100,
        impurities: json<CertificateSnapshot['impurities']>(analysis.results_json) ?? [],
        method: 'GB/T purity analysis by impurities',
      };
    }
    const year = (await this.numbering.today(caller.companyId)).slice(0, 4);
    const code = randomBytes(16).toString('base64url');
    return this.numbering.numbered(caller.companyId, 'gas_certificate', `CERT-${year}-`, 5, (number) =>
      this.db.transaction().execute(async (trx) => {
        const repository = GasRepository.in(trx);
        const id = await repository.insertCertificate({
          company_id: caller.companyId,
          number,
          code,
          source: request.source,
          source_id: request.sourceId,
          snapshot_json: JSON.stringify({ number, ...snapshot } satisfies CertificateSnapshot),
          state: 'valid',
          certified_at: certifiedAt,
          expires_at: expiresAt,
          revoked_reason: null,
          revoked_at: null,
          created_by: caller.userId,
          created_at: Date.now(),
        });
        if (request.source === 'blend' && !(await repository.updateOrder(caller.companyId, request.sourceId, ['analysed'], { state: 'certified' }))) {
          throw conflict('gas.certificate.source');
        }
        return { id, number, code };
      }),
    );
  }

  private async requireCertificate(companyId: number, id: number): Promise<CertificateRow> {
    const row = await this.repository.findCertificate(companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private async stateOf(row: CertificateRow): Promise<VerifyState> {
    if (row.state === 'revoked') {
      return 'revoked';
    }
    return row.expires_at < (await this.numbering.today(row.company_id)) ? 'expired' : 'valid';
  }

  private async certificateView(row: CertificateRow) {
    return {
      id: row.id,
      number: row.number,
      code: row.code,
      source: row.source as 'blend' | 'purity',
      sourceId: row.source_id,
      state: await this.stateOf(row),
      certifiedAt: row.certified_at,
      expiresAt: row.expires_at,
      revokedReason: row.revoked_reason,
      revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      snapshot: json<CertificateSnapshot>(row.snapshot_json) as CertificateSnapshot,
      createdAt: Number(row.created_at),
    };
  }

  async getCertificate(caller: CabinCaller, id: number) {
    return this.certificateView(await this.requireCertificate(caller.companyId, id));
  }

  async certificateList(caller: CabinCaller, query: PageRequest & { keyword?: string; state?: string }) {
    const { rows, total } = await this.repository.listCertificates(caller.companyId, { keyword: query.keyword, state: query.state || undefined }, query);
    return { list: await Promise.all(rows.map((r) => this.certificateView(r))), total };
  }

  async revokeCertificate(caller: CabinCaller, id: number, reason: string): Promise<void> {
    await this.requireCertificate(caller.companyId, id);
    if (!(await this.repository.revokeCertificate(caller.companyId, id, reason))) {
      throw conflict('gas.certificate.revoked');
    }
  }

  async certificateForPdf(caller: CabinCaller, id: number): Promise<{ code: string; state: VerifyState; snapshot: CertificateSnapshot }> {
    const view = await this.certificateView(await this.requireCertificate(caller.companyId, id));
    return { code: view.code, state: view.state, snapshot: view.snapshot };
  }

  /**
   * The public verification page: the key facts of the certificate with this code, or `unknown`.
   * Nothing else of the company is answered (no ids, no order, no approver's account).
   */
  async verify(code: string) {
    const row = code === '' ? undefined : await this.repository.certificateByCode(code);
    if (!row) {
      return { state: 'unknown' as const };
    }
    const s = json<CertificateSnapshot>(row.snapshot_json) as CertificateSnapshot;
    return {
      state: await this.stateOf(row),
      certificate: {
        number: s.number,
        issuer: s.issuer,
        cylinderNumber: s.cylinderNumber,
        components: s.components,
        balance: s.balance,
        gas: s.gas,
        grade: s.grade,
        purityPercent: s.purityPercent,
        method: s.method,
        certifiedAt: s.certifiedAt,
        expiresAt: s.expiresAt,
        revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
        // The public page has no company session: the day is told in the company's zone here.
        revokedOn: row.revoked_at === null ? null : await this.numbering.today(row.company_id, Number(row.revoked_at)),
      },
    };
  }
}
