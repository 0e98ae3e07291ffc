/**
 * A package loaded on its first use instead of at start-up (issue 21, target 5: idle memory).
 * exceljs, pdfkit, qrcode, sharp, nodemailer and pg (on SQLite) each cost 10–28 MB once imported,
 * and a server that never exports a sheet, sends a mail or runs on PostgreSQL never needs them.
 *
 * `load` runs once; every later call gets the same module. A failed load is not kept, so the next
 * call tries again and throws the same error the import would have thrown at start-up.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** exceljs (XLSX read and write). */
export const loadExcel = lazyImport(async () => (await import('exceljs')).default);

/** pdfkit (PDF exports; fontkit comes with it). */
export const loadPdfKit = lazyImport(async () => (await import('pdfkit')).default);
