import type { RichMark, RichNode } from '@smartdata/domain';
import { loadPdfKit } from '@server/platform/lazyImport';
import { cjkFonts } from '@server/platform/sheets';

type Pdf = PDFKit.PDFDocument;

const headingSizes: Record<number, number> = { 1: 20, 2: 16, 3: 14, 4: 12 };
const bodySize = 11;
const margin = 50;

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

const hasMark = (marks: RichMark[] | undefined, type: string) => (marks ?? []).some((m) => m.type === type);

/** The inline runs of a block (text with its marks; a line break is a newline). */
function runsOf(node: RichNode, forceBold = false): Run[] {
  const runs: Run[] = [];
  const visit = (child: RichNode) => {
    if (child.type === 'text' && child.text) {
      runs.push({ text: child.text, bold: forceBold || hasMark(child.marks, 'bold'), italic: hasMark(child.marks, 'italic'), underline: hasMark(child.marks, 'underline') });
    } else if (child.type === 'hardBreak') {
      runs.push({ text: '\n', bold: false, italic: false, underline: false });
    } else if (child.type === 'placeholder') {
      const label = typeof child.attrs?.label === 'string' ? child.attrs.label : String(child.attrs?.key ?? '');
      runs.push({ text: `{${label}}`, bold: forceBold, italic: false, underline: false });
    } else {
      child.content?.forEach(visit);
    }
  };
  node.content?.forEach(visit);
  return runs;
}

function writeRuns(pdf: Pdf, runs: Run[], options: { x: number; width: number; size: number; prefix?: string }): void {
  pdf.fontSize(options.size);
  const all = options.prefix ? [{ text: options.prefix, bold: false, italic: false, underline: false }, ...runs] : runs;
  if (all.length === 0) {
    pdf.moveDown(0.6);
    return;
  }
  all.forEach((run, index) => {
    pdf.font(run.bold ? 'cjk-bold' : 'cjk');
    const last = index === all.length - 1;
    const common = { width: options.width, continued: !last, underline: run.underline, oblique: run.italic ? 12 : false, lineGap: 2 };
    if (index === 0) {
      pdf.text(run.text, options.x, pdf.y, common);
    } else {
      pdf.text(run.text, common);
    }
  });
}

/** A table: equal columns over the width, spans honoured, borders drawn, a page break between rows. */
function writeTable(pdf: Pdf, table: RichNode, x: number, width: number): void {
  const rows = (table.content ?? []).filter((r) => r.type === 'tableRow');
  const span = (cell: RichNode) => Math.max(1, Math.min(50, Number(cell.attrs?.colspan) || 1));
  const columns = Math.max(1, ...rows.map((r) => (r.content ?? []).reduce((n, c) => n + span(c), 0)));
  const columnWidth = width / columns;
  const pad = 4;
  pdf.fontSize(bodySize - 1);
  for (const row of rows) {
    const cells = (row.content ?? []).map((cell) => ({
      text: blockText(cell),
      header: cell.type === 'tableHeader',
      width: columnWidth * span(cell),
    }));
    const height = Math.max(
      18,
      ...cells.map((c) => pdf.font(c.header ? 'cjk-bold' : 'cjk').heightOfString(c.text || ' ', { width: c.width - 2 * pad }) + 2 * pad),
    );
    if (pdf.y + height > pdf.page.height - margin) {
      pdf.addPage();
    }
    const top = pdf.y;
    let left = x;
    for (const cell of cells) {
      pdf.rect(left, top, cell.width, height).lineWidth(0.5).stroke('#444444');
      pdf.font(cell.header ? 'cjk-bold' : 'cjk').fillColor('#000000').text(cell.text, left + pad, top + pad, { width: cell.width - 2 * pad });
      left += cell.width;
    }
    pdf.x = x;
    pdf.y = top + height;
  }
  pdf.moveDown(0.6);
}

/** The text of a cell or block: its paragraphs on separate lines. */
function blockText(node: RichNode): string {
  if (node.type === 'text') {
    return node.text ?? '';
  }
  if (node.type === 'hardBreak') {
    return '\n';
  }
  const parts = (node.content ?? []).map(blockText);
  return node.content?.some((c) => c.type === 'paragraph' || c.type === 'heading') ? parts.join('\n') : parts.join('');
}

function writeBlocks(pdf: Pdf, blocks: RichNode[], x: number, width: number): void {
  for (const block of blocks) {
    switch (block.type) {
      case 'heading': {
        const level = Number(block.attrs?.level) || 2;
        pdf.moveDown(0.3);
        writeRuns(pdf, runsOf(block, true), { x, width, size: headingSizes[level] ?? bodySize });
        pdf.moveDown(0.3);
        break;
      }
      case 'paragraph':
        writeRuns(pdf, runsOf(block), { x, width, size: bodySize });
        pdf.moveDown(0.3);
        break;
      case 'bulletList':
      case 'orderedList': {
        const start = Number(block.attrs?.start) || 1;
        (block.content ?? []).forEach((item, index) => {
          const prefix = block.type === 'bulletList' ? '•  ' : `${start + index}.  `;
          const [first, ...rest] = item.content ?? [];
          if (first && (first.type === 'paragraph' || first.type === 'heading')) {
            writeRuns(pdf, runsOf(first), { x: x + 12, width: width - 12, size: bodySize, prefix });
            writeBlocks(pdf, rest, x + 24, width - 24);
          } else {
            writeRuns(pdf, [], { x: x + 12, width: width - 12, size: bodySize, prefix });
            writeBlocks(pdf, item.content ?? [], x + 24, width - 24);
          }
        });
        pdf.moveDown(0.3);
        break;
      }
      case 'table':
        writeTable(pdf, block, x, width);
        break;
      case 'horizontalRule': {
        const y = pdf.y + 4;
        pdf.moveTo(x, y).lineTo(x + width, y).lineWidth(0.5).stroke('#888888');
        pdf.y = y + 8;
        break;
      }
      default:
        if (block.content) {
          writeBlocks(pdf, block.content, x, width);
        }
    }
  }
}

/**
 * A filled document as an A4 PDF with the CJK font embedded (subset): headings, paragraphs,
 * bold/italic/underline, lists, tables and rules. `title` goes into the PDF's metadata.
 */
export async function documentPdf(doc: RichNode, title: string): Promise<Buffer> {
  // The one CJK font of the product, owned by platform/sheets.ts (report exports use the same).
  const fonts = cjkFonts();
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({ size: 'A4', margin, info: { Title: title, Creator: 'SmartData Console' } });
  pdf.registerFont('cjk', fonts.regular);
  pdf.registerFont('cjk-bold', fonts.bold);
  pdf.font('cjk');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  writeBlocks(pdf, doc.content ?? [], margin, pdf.page.width - 2 * margin);
  pdf.end();
  return done;
}
