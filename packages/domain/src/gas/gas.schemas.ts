import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { numeric } from '../shared/numbers';
import { pageQuery } from '../shared/paging';
import { nameText, textSchema } from '../shared/text';

/**
 * The gas module's calls (issue 20, docs/gas.md "API and tables"). The calculations themselves
 * (GERG-2008, blending, safety) are in `@smartdata/domain/gas`, for the server only; this file holds
 * the request schemas and the answer types both sides use. Number rules the calculation decides
 * (fractions summing to 1, negative values, unknown gases) are checked by the server and answered
 * with 50001 and `data: {reason, detail, message}` — the schemas only ask for numbers.
 */

export const gasLimits = {
  gasIdLength: 16,
  componentsMax: 30,
  parentsMax: 30,
  keyLength: 32,
  cylinderNumberLength: 32,
  textLength: 50,
  remarksLength: 200,
  longTextLength: 500,
  keywordLength: 50,
  /** Bounds the server accepts (a cylinder, not a tank farm). */
  volumeLMax: 10_000,
  pressureBarMax: 1_000,
  temperatureCMin: -100,
  temperatureCMax: 200,
} as const;

export const blendMethods = ['manometric', 'gravimetric'] as const;
export type BlendMethod = (typeof blendMethods)[number];
export const fractionUnits = ['fraction', '%', 'ppm', 'ppb'] as const;
export const pressureModes = ['gauge', 'absolute'] as const;
export const blendOrderStates = ['draft', 'filled', 'analysed', 'certified', 'cancelled'] as const;
export type BlendOrderState = (typeof blendOrderStates)[number];
export const certificateSources = ['blend', 'purity'] as const;
export const certificateLanguages = ['zh-CN', 'en-US'] as const;
export const verifyStates = ['valid', 'expired', 'revoked', 'unknown'] as const;
export type VerifyState = (typeof verifyStates)[number];

const gas = z.string().trim().min(1, 'validation.required').max(gasLimits.gasIdLength, 'validation.tooLong');
const num = z.number();
const text = (max: number) => textSchema().max(max, 'validation.tooLong');
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.gas.date');

// ---- the issue's contract ----

/** POST /general/gas/calculate — pressureBar is the absolute final pressure; temperatureC both fill and reference. */
export const gasCalculateRequest = z.object({
  method: z.enum(blendMethods),
  volumeL: num,
  pressureBar: num,
  temperatureC: num,
  components: z.array(z.object({ gas, fraction: num })).max(gasLimits.componentsMax),
  balance: gas,
  order: z.array(gas).max(gasLimits.componentsMax + 1).optional(),
});
export type GasCalculateRequest = z.infer<typeof gasCalculateRequest>;
export interface GasCalculateResponse {
  totalMol: number;
  totalMolIdeal: number;
  z: number;
  /** 'gerg2008', or 'virial' (second-virial estimate) when a gas is outside GERG-2008. */
  model: 'gerg2008' | 'virial';
  steps: { gas: string; massG: number; cumulativePressureBar: number; idealCumulativePressureBar: number }[];
}

const compositionLine = z.object({ gas, fraction: num, u: num.optional() });

/** POST /general/gas/composition — each parent is a pure gas (`gas`) or a composition, with its weighed mass. */
export const gasCompositionRequest = z.object({
  parents: z
    .array(z.object({ gas: gas.optional(), composition: z.array(compositionLine).max(gasLimits.componentsMax).optional(), massG: num, uMassG: num.optional() }))
    .min(1, 'validation.required')
    .max(gasLimits.parentsMax),
});
export type GasCompositionRequest = z.infer<typeof gasCompositionRequest>;
export interface GasComponentResult {
  gas: string;
  fraction: number;
  u: number;
  U: number;
}

// ---- plan (the blending screen) ----

export const blendInput = z.object({
  method: z.enum(blendMethods),
  volumeL: num,
  pressureBar: num,
  pressureMode: z.enum(pressureModes),
  referenceTemperatureC: num,
  fillTemperatureC: num,
  workingPressureBar: num.optional(),
  targets: z.array(z.object({ gas, value: num, unit: z.enum(fractionUnits) })).max(gasLimits.componentsMax),
  balance: gas,
  parents: z
    .array(
      z.object({
        key: z.string().trim().min(1, 'validation.required').max(gasLimits.keyLength, 'validation.tooLong'),
        kind: z.enum(['pure', 'premix']),
        gas: gas.optional(),
        purity: num.optional(),
        impurities: z.array(z.object({ gas, fraction: num, u: num.optional() })).max(gasLimits.componentsMax).optional(),
        composition: z.array(compositionLine).max(gasLimits.componentsMax).optional(),
        delivers: gas,
        /** Inventory item of this parent's cylinders (one is consumed when the order is filled). */
        itemId: idSchema.optional(),
      }),
    )
    .min(1, 'validation.required')
    .max(gasLimits.parentsMax),
  order: z.array(z.string().max(gasLimits.keyLength)).max(gasLimits.parentsMax),
});
export type BlendInput = z.infer<typeof blendInput>;

export interface GasWarning {
  code: string;
  gas?: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface GasInfoView {
  gas: string;
  nameZh: string;
  nameEn: string;
  molarMass: number;
  gerg: boolean;
  flammable: boolean;
  lelPercent?: number;
  oxidizer: boolean;
  vapourPressureBarAt15C?: number;
}

// ---- blending orders ----

const orderFields = {
  cylinderNumber: nameText('validation.required').min(1, 'validation.required').max(gasLimits.cylinderNumberLength, 'validation.tooLong'),
  cylinderMaterial: text(gasLimits.textLength).default(''),
  valve: text(gasLimits.textLength).default(''),
  remarks: text(gasLimits.remarksLength).default(''),
  productItemId: idSchema.optional(),
  warehouseId: idSchema.optional(),
};
export const addBlendOrderRequest = blendInput.extend(orderFields);
export type AddBlendOrderRequest = z.input<typeof addBlendOrderRequest>;
export const updateBlendOrderRequest = addBlendOrderRequest.extend({ id: idSchema });
export const gasIdRequest = z.object({ id: idSchema });
export const gasIdQuery = z.object({ id: idSchema });

export const recordFillRequest = z.object({
  id: idSchema,
  masses: z.array(z.object({ key: z.string().max(gasLimits.keyLength), massG: num, uG: num.default(0) })).min(1, 'validation.required').max(gasLimits.parentsMax),
  fillTemperatureC: num.optional(),
});
export const recordAnalysisRequest = z.object({
  id: idSchema,
  results: z.array(compositionLine).min(1, 'validation.required').max(gasLimits.componentsMax),
  method: text(gasLimits.textLength).default('ISO 6143'),
});
export const blendOrderListQuery = pageQuery.extend({
  keyword: z.string().trim().max(gasLimits.keywordLength).optional(),
  state: z.enum(blendOrderStates).or(z.literal('')).optional(),
});

// ---- high purity ----

export const gradePattern = /^N\d(\.\d)?$/;
const gradeFields = {
  gas,
  grade: z.string().trim().regex(gradePattern, 'validation.gas.grade'),
  impurities: z.array(z.object({ gas, maxPpm: num })).max(gasLimits.componentsMax),
  remarks: text(gasLimits.remarksLength).default(''),
};
export const addGradeRequest = z.object(gradeFields);
export const updateGradeRequest = z.object({ id: idSchema, ...gradeFields });
export const gradeListQuery = pageQuery.extend({ gas: z.string().trim().max(gasLimits.gasIdLength).optional() });

export const addPurityAnalysisRequest = z.object({
  gradeId: idSchema,
  cylinderNumber: nameText('validation.required').min(1, 'validation.required').max(gasLimits.cylinderNumberLength, 'validation.tooLong'),
  lot: text(gasLimits.textLength).default(''),
  analysedAt: numeric<number>(z.number().int().positive()),
  results: z.array(z.object({ gas, valuePpm: num.nullable(), lodPpm: num, belowLod: z.boolean() })).max(gasLimits.componentsMax),
});
export const purityAnalysisListQuery = pageQuery.extend({
  keyword: z.string().trim().max(gasLimits.keywordLength).optional(),
  gradeId: idSchema.optional(),
});

// ---- certificates ----

export const issueCertificateRequest = z.object({
  source: z.enum(certificateSources),
  sourceId: idSchema,
  referenceStandards: text(gasLimits.longTextLength).default(''),
  traceability: text(gasLimits.longTextLength).default(''),
  /** Left out: the company's today (the server's default), and a year later. */
  certifiedAt: dateText.optional(),
  expiresAt: dateText.optional(),
  minUsePressureBar: num,
  storageTemperature: text(gasLimits.textLength).default(''),
  approver: nameText('validation.required').min(1, 'validation.required').max(gasLimits.textLength, 'validation.tooLong'),
});
export const revokeCertificateRequest = z.object({ id: idSchema, reason: nameText('validation.required').min(1, 'validation.required').max(gasLimits.remarksLength, 'validation.tooLong') });
export const certificateListQuery = pageQuery.extend({
  keyword: z.string().trim().max(gasLimits.keywordLength).optional(),
  state: z.enum(['valid', 'revoked']).or(z.literal('')).optional(),
});
export const certificatePdfQuery = z.object({ id: idSchema, lang: z.enum(certificateLanguages).default('zh-CN') });
export const verifyQuery = z.object({ code: z.string().trim().max(64).default('') });
