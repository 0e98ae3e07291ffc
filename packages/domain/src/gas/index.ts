/*
 * `@smartdata/domain/gas`: the gas calculations (GERG-2008 and its tables, blending, the gas table, safety checks)
 * for the server only. Not re-exported from the package's main barrel, so the web bundle never carries the
 * GERG-2008 tables; the gas API's request schemas and texts (gas.schemas.ts, gasMessages.ts) are in the main barrel.
 */
export * from './gerg2008';
export * from './blending';
export * from './gases';
export * from './safety';
