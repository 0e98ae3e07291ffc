import type { Locale, VerifyState } from '@smartdata/domain';
import { gasInfo } from '@smartdata/domain/gas';
import { lazyImport, loadPdfKit } from '@server/platform/lazyImport';
import { cjkFonts } from '@server/platform/sheets';
import type { CertificateSnapshot } from './certificates.service';

const loadQrCode = lazyImport(async () => (await import('qrcode')).default);

type Texts = Record<Locale, string>;
const t = (zh: string, en: string): Texts => ({ 'zh-CN': zh, 'en-US': en });

const L = {
  title: t('气体标准物质证书', 'Certificate of Analysis — Gas Mixture'),
  titlePurity: t('高纯气体分析证书', 'Certificate of Analysis — High-Purity Gas'),
  number: t('证书编号', 'Certificate number'),
  issuer: t('出具单位', 'Issued by'),
  source: t('配气单 / 分析单', 'Blending order / analysis'),
  cylinderNumber: t('气瓶编号', 'Cylinder number'),
  cylinderMaterial: t('气瓶材质', 'Cylinder material'),
  volume: t('水容积', 'Water volume'),
  fillPressure: t('充装压力', 'Fill pressure'),
  valve: t('瓶阀', 'Valve'),
  components: t('组分', 'Components'),
  component: t('组分', 'Component'),
  fraction: t('摩尔分数', 'Amount fraction'),
  uncertainty: t('扩展不确定度 (k = 2)', 'Expanded uncertainty (k = 2)'),
  balance: t('平衡气', 'Balance gas'),
  gas: t('气体', 'Gas'),
  grade: t('纯度等级', 'Grade'),
  purity: t('纯度', 'Purity'),
  impurity: t('杂质', 'Impurity'),
  content: t('含量', 'Content'),
  method: t('方法', 'Method'),
  referenceStandards: t('参考标准物质', 'Reference standards'),
  traceability: t('溯源性声明', 'Traceability'),
  certifiedAt: t('定值日期', 'Certification date'),
  expiresAt: t('有效期至', 'Valid until'),
  minUsePressure: t('最低使用压力', 'Minimum use pressure'),
  storageTemperature: t('储存温度', 'Storage temperature'),
  approver: t('批准人', 'Approved by'),
  verify: t('扫码或访问以下地址核验本证书：', 'Scan the code or open this address to verify this certificate:'),
  revoked: t('本证书已撤销', 'THIS CERTIFICATE HAS BEEN REVOKED'),
  expired: t('本证书已过期', 'THIS CERTIFICATE HAS EXPIRED'),
  gauge: t('bar (表压)', 'bar (gauge)'),
  absolute: t('bar (绝压)', 'bar (absolute)'),
  at: t('于', 'at'),
};

/** An amount fraction in the unit a certificate reads best in: %, µmol/mol (ppm) or nmol/mol (ppb). */
export function fractionText(x: number): { value: string; unit: string; scale: number } {
  if (x >= 1e-3) {
    return { value: (x * 100).toPrecision(5), unit: '%', scale: 100 };
  }
  if (x >= 1e-6) {
    return { value: (x * 1e6).toPrecision(4), unit: 'µmol/mol', scale: 1e6 };
  }
  return { value: (x * 1e9).toPrecision(4), unit: 'nmol/mol', scale: 1e9 };
}

/**
 * A certified value as metrology reports it (GUM 7.2.6): U to two significant digits, the value
 * rounded to the same decimal place — 9.99998 % ± 0.00013 %, not 10.000 % ± 0.00013 %.
 */
export function reportedFraction(x: number, U: number): { value: string; U: string; unit: string } {
  const f = fractionText(x);
  const scaledU = U * f.scale;
  if (!(scaledU > 0) || !Number.isFinite(scaledU)) {
    return { value: f.value, U: '', unit: f.unit };
  }
  const decimals = Math.min(12, Math.max(0, 1 - Math.floor(Math.log10(scaledU))));
  return { value: (x * f.scale).toFixed(decimals), U: scaledU.toFixed(decimals), unit: f.unit };
}

const gasName = (gas: string, locale: Locale) => {
  const info = gasInfo(gas);
  return info ? `${locale === 'zh-CN' ? info.nameZh : info.nameEn} (${gas})` : gas;
};

/**
 * A certificate as an A4 PDF in one language (Noto Sans SC embedded, as every PDF of the product):
 * every field the issue lists and a QR code of the public verification address `verifyUrl`.
 */
export async function certificatePdf(s: CertificateSnapshot, state: VerifyState, verifyUrl: string, locale: Locale): Promise<Buffer> {
  const fonts = cjkFonts();
  const QRCode = await loadQrCode();
  const qr = await QRCode.toBuffer(verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${L.title[locale]} ${s.number}`, Creator: 'SmartData Console' } });
  pdf.registerFont('cjk', fonts.regular);
  pdf.registerFont('cjk-bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = 50;
  const width = pdf.page.width - 100;
  const row = (label: Texts, value: string) => {
    if (value === '') {
      return;
    }
    const y = pdf.y;
    pdf.font('cjk-bold').fontSize(10).text(label[locale], left, y, { width: 150 });
    const afterLabel = pdf.y;
    pdf.font('cjk').fontSize(10).text(value, left + 160, y, { width: width - 160 });
    pdf.y = Math.max(pdf.y, afterLabel) + 3;
  };

  pdf.font('cjk-bold').fontSize(18).text(s.source === 'blend' ? L.title[locale] : L.titlePurity[locale], left, 50, { width, align: 'center' });
  pdf.moveDown(0.3);
  pdf.font('cjk').fontSize(11).text(`${L.number[locale]}: ${s.number}`, { width, align: 'center' });
  if (state === 'revoked' || state === 'expired') {
    pdf.moveDown(0.3);
    pdf.font('cjk-bold').fontSize(14).fillColor('#c00000').text(L[state][locale], { width, align: 'center' }).fillColor('black');
  }
  pdf.moveDown(1);
  row(L.issuer, s.issuer);
  row(L.source, s.sourceNumber);
  row(L.cylinderNumber, s.cylinderNumber);
  row(L.cylinderMaterial, s.cylinderMaterial);
  row(L.volume, s.volumeL === null ? '' : `${s.volumeL} L`);
  row(L.fillPressure, s.fillPressureBar === null ? '' : `${s.fillPressureBar} ${s.pressureMode === 'gauge' ? L.gauge[locale] : L.absolute[locale]}${s.referenceTemperatureC === null ? '' : ` ${L.at[locale]} ${s.referenceTemperatureC} °C`}`);
  row(L.valve, s.valve);
  if (s.source === 'purity') {
    row(L.gas, s.gas === null ? '' : gasName(s.gas, locale));
    row(L.grade, s.grade ?? '');
    row(L.purity, s.purityPercent === null ? '' : `≥ ${s.purityPercent.toFixed(6).replace(/0+$/, '')} %`);
  }
  pdf.moveDown(0.6);

  // The table of components (a blend) or impurities (high purity).
  const columns = [left, left + 200, left + 340];
  const header = s.source === 'blend' ? [L.component, L.fraction, L.uncertainty] : [L.impurity, L.content, L.uncertainty];
  pdf.font('cjk-bold').fontSize(10);
  const headY = pdf.y;
  header.slice(0, s.source === 'blend' ? 3 : 2).forEach((h, i) => pdf.text(h[locale], columns[i], headY, { width: i === 2 ? width - 340 : 190 }));
  pdf.y = Math.max(pdf.y, headY + 14);
  pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).stroke();
  pdf.moveDown(0.3);
  pdf.font('cjk').fontSize(10);
  const line = (cells: string[]) => {
    const y = pdf.y;
    cells.forEach((c, i) => pdf.text(c, columns[i], y, { width: i === 2 ? width - 340 : 190 }));
    pdf.y = y + 16;
  };
  if (s.source === 'blend') {
    for (const c of s.components) {
      const f = reportedFraction(c.fraction, c.U);
      line([gasName(c.gas, locale), `${f.value} ${f.unit}`, f.U === '' ? '' : `± ${f.U} ${f.unit}`]);
    }
    if (s.balance !== null) {
      line([gasName(s.balance, locale), L.balance[locale], '']);
    }
  } else {
    for (const i of s.impurities) {
      line([gasName(i.gas, locale), i.belowLod ? `< ${i.lodPpm} µmol/mol` : `${i.valuePpm ?? 0} µmol/mol`]);
    }
  }
  pdf.moveDown(0.8);
  row(L.method, s.method);
  row(L.referenceStandards, s.referenceStandards);
  row(L.traceability, s.traceability);
  row(L.certifiedAt, s.certifiedAt);
  row(L.expiresAt, s.expiresAt);
  row(L.minUsePressure, `${s.minUsePressureBar} ${L.gauge[locale]}`);
  row(L.storageTemperature, s.storageTemperature);
  row(L.approver, s.approver);

  pdf.moveDown(1);
  const qrY = Math.min(pdf.y, pdf.page.height - 200);
  pdf.image(qr, left, qrY, { width: 110 });
  pdf.font('cjk').fontSize(9).text(L.verify[locale], left + 125, qrY + 20, { width: width - 125 });
  pdf.font('cjk').fontSize(9).fillColor('#1f4e9c').text(verifyUrl, left + 125, pdf.y + 4, { width: width - 125, link: verifyUrl }).fillColor('black');
  pdf.end();
  return done;
}
