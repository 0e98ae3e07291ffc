import { notFound } from '@server/platform/errors';
import type { BlendOrderRow, GasRepository, GradeRow, PurityAnalysisRow } from './gas.repository';

export type PageRequest = { pageNum: number; pageSize: number };

/** A JSON column read back; SQL null stays null. */
export const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** The company's blending order, or 40400 (the blending and certificate services both read orders). */
export async function requireOrder(repository: GasRepository, companyId: number, id: number): Promise<BlendOrderRow> {
  const row = await repository.findOrder(companyId, id);
  if (!row) {
    throw notFound('gas.order.missing');
  }
  return row;
}

/** The company's high-purity grade, or 40400. */
export async function requireGrade(repository: GasRepository, companyId: number, id: number): Promise<GradeRow> {
  const row = await repository.findGrade(companyId, id);
  if (!row) {
    throw notFound();
  }
  return row;
}

/** The company's purity analysis, or 40400 (the purity and certificate services both read analyses). */
export async function requireAnalysis(repository: GasRepository, companyId: number, id: number): Promise<PurityAnalysisRow> {
  const row = await repository.findAnalysis(companyId, id);
  if (!row) {
    throw notFound();
  }
  return row;
}
