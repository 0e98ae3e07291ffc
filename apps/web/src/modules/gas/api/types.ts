import type { BlendInput, BlendMethod, BlendOrderState, GasComponentResult, GasInfoView, GasWarning, VerifyState } from '@smartdata/domain';

/**
 * The gas API's shapes on the web. Requests and the small answer types are the domain's
 * (packages/domain/src/gas/gas.schemas.ts); the views the server builds in gas.service.ts (orders,
 * analyses, certificates, the manometric result) have no domain type yet and are written out here.
 */
export type { BlendMethod, BlendOrderState, VerifyState };
export type FractionUnit = BlendInput['targets'][number]['unit'];
export type PressureMode = BlendInput['pressureMode'];

export type PlanTarget = BlendInput['targets'][number];
export type PlanParent = BlendInput['parents'][number];
/** `POST /gas/plan` and the calculation part of an order. */
export type PlanRequest = BlendInput;

export interface FillStep {
  parent: string;
  delivers: string;
  mol: number;
  massG: number;
  molarMass: number;
  cumulativePressureBar: number;
  cumulativePressureBarGauge: number;
  z: number;
  idealCumulativePressureBar: number;
  idealCumulativePressureBarGauge: number;
  differencePercent: number;
}

export interface ManometricResult {
  totalMol: number;
  totalMolIdeal: number;
  totalDifferencePercent: number;
  z: number;
  composition: Record<string, number>;
  steps: FillStep[];
  atTemperatures: { temperatureC: number; pressureBar: number; pressureBarGauge: number }[];
}

export interface PremixProposal {
  direct: ManometricResult;
  premixes: { gas: string; fraction: number; plan: ManometricResult }[];
  product: ManometricResult | null;
}

export type PlanWarning = GasWarning;

export interface Plan {
  result: ManometricResult;
  premix?: PremixProposal | null;
  warnings: PlanWarning[];
}

export type GasInfo = GasInfoView;


export type ComponentResult = GasComponentResult;

export interface AnalysisResult {
  gas: string;
  fraction: number;
  u?: number | null;
}

export interface OrderFields {
  cylinderNumber: string;
  cylinderMaterial: string;
  valve: string;
  remarks: string;
  /** Inventory item of the product cylinder (one comes in when the order is filled). */
  productItemId?: number;
  /** The warehouse the parents' cylinders leave and the product's comes into. */
  warehouseId?: number;
}

export type AddOrderRequest = PlanRequest & OrderFields;

export interface FilledMass {
  key: string;
  massG: number;
  uG: number;
}

export interface BlendOrderListItem {
  id: number;
  number: string;
  state: BlendOrderState;
  stateName?: string;
  method: BlendMethod;
  cylinderNumber: string;
  balance: string;
  targets: PlanTarget[];
  volumeL: number;
  pressureBar: number;
  pressureMode: PressureMode;
  createdAt: number;
}

/** The weighed fill of an order and the gravimetric composition from it (ISO 6142-1). */
export interface FillRecord {
  masses: FilledMass[];
  fillTemperatureC: number;
  composition: ComponentResult[];
  filledAt: number;
}

/** The analysis of a filled order, compared with the gravimetric value per component. */
export interface AnalysisRecord {
  method: string;
  analysedAt: number;
  results: { gas: string; fraction: number; u: number }[];
  /** Agreement within √(U_grav² + (2·u_analysis)²). */
  comparison: { gas: string; gravimetric: number; U: number; analysed: number; difference: number; agrees: boolean }[];
}

export interface BlendOrder extends Omit<OrderFields, 'productItemId' | 'warehouseId'> {
  id: number;
  productItemId: number | null;
  warehouseId: number | null;
  number: string;
  state: BlendOrderState;
  method: BlendMethod;
  input: PlanRequest;
  plan: Plan;
  fill: FillRecord | null;
  analysis: AnalysisRecord | null;
  certificateId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface PageOf<T> {
  list: T[];
  total: number;
}

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

export interface GradeImpurity {
  gas: string;
  maxPpm: number;
}

export interface Grade {
  id: number;
  gas: string;
  grade: string;
  minPurityPercent: number;
  impurities: GradeImpurity[];
  remarks: string;
  createdAt: number;
}

export interface GradeInput {
  gas: string;
  grade: string;
  impurities: GradeImpurity[];
  remarks: string;
}

export interface PurityResultInput {
  gas: string;
  valuePpm: number | null;
  lodPpm: number;
  belowLod: boolean;
}

export interface AnalysisInput {
  gradeId: number;
  cylinderNumber: string;
  lot: string;
  analysedAt: number;
  results: PurityResultInput[];
}

export interface PurityAnalysis {
  id: number;
  number: string;
  gradeId: number;
  gas: string;
  grade: string;
  cylinderNumber: string;
  lot: string;
  analysedAt: number;
  results: (PurityResultInput & { maxPpm: number | null; pass: boolean })[];
  /** Impurities of the grade not analysed (the analysis fails). */
  missing: string[];
  impuritiesPpm: number;
  impuritiesUpperPpm: number;
  /** Purity in % with "< LOD" counted as 0, and with every "< LOD" at its limit. */
  purityPercent: number;
  purityLowerPercent: number;
  minPurityPercent: number | null;
  passed: boolean;
  createdAt: number;
}

export type CertificateState = Exclude<VerifyState, 'unknown'>;

export interface CertificateComponent {
  gas: string;
  fraction: number;
  U?: number | null;
}

export interface IssueCertificateRequest {
  source: 'blend' | 'purity';
  sourceId: number;
  referenceStandards: string;
  traceability: string;
  /** YYYY-MM-DD. */
  certifiedAt: string;
  expiresAt: string;
  minUsePressureBar: number;
  storageTemperature: string;
  approver: string;
}

/** What a certificate states: a snapshot taken when it was issued. */
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
  pressureMode: PressureMode | null;
  referenceTemperatureC: number | null;
  /** Amount fraction and expanded uncertainty (k = 2). */
  components: CertificateComponent[];
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

export interface Certificate {
  id: number;
  number: string;
  code: string;
  source: 'blend' | 'purity';
  sourceId: number;
  state: CertificateState;
  certifiedAt: string;
  expiresAt: string;
  revokedReason: string | null;
  revokedAt: number | null;
  snapshot: CertificateSnapshot;
  createdAt: number;
}

/** The public answer: the state and key facts only. */
export interface VerifyAnswer {
  state: VerifyState;
  certificate?: {
    number: string;
    issuer: string;
    cylinderNumber: string;
    components: CertificateComponent[];
    balance: string | null;
    gas: string | null;
    grade: string | null;
    purityPercent: number | null;
    method: string;
    certifiedAt: string;
    expiresAt: string;
    revokedAt: number | null;
    /** The day of the revocation in the issuing company's zone (the page has no company session). */
    revokedOn?: string | null;
  } | null;
}
