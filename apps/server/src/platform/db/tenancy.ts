import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Database } from './schema';

type CompanyOwnedTable = { [T in keyof Database]: 'company_id' extends keyof Database[T] ? T : never }[keyof Database];

/**
 * The where-clause every repository uses for company-owned rows: the company always comes from
 * the caller's session, never from the client. Another company's id is then simply not found.
 */
export function scopedToCompany(table: CompanyOwnedTable, companyId: number) {
  // Any table's builder: the reference is built from the table name, checked by CompanyOwnedTable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => eb(sql.ref(`${table}.company_id`), '=', companyId);
}
