import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema } from '../shared/ids';
import { numeric } from '../shared/numbers';

/** Requests and answers of the system module (platform maintenance: allow-list, audit log, retention, acquisition) and "my assignments". */

export const systemLimits = {
  whiteIpRemarkLength: 100,
} as const;

export const ipEntrySchema = z
  .string()
  .trim()
  .refine((value) => isIpOrCidr(value), 'validation.ip');
export const addWhiteIpRequest = z.object({ ip: ipEntrySchema, remark: z.string().trim().max(systemLimits.whiteIpRemarkLength, 'validation.tooLong').optional() });
export type AddWhiteIpRequest = z.infer<typeof addWhiteIpRequest>;
export const whiteIpItem = z.object({ id: z.number(), ip: z.string(), remark: z.string(), createdAt: z.number(), createdBy: z.string() });
export type WhiteIpItem = z.infer<typeof whiteIpItem>;
/** `GET /general/system/getWhiteIpList`: the allow-list and the address the server sees the caller at. */
export interface WhiteIpList {
  list: WhiteIpItem[];
  yourIp: string;
}

export const auditLogQuery = pageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  companyId: idSchema.optional(),
  action: z.string().trim().max(200).optional(),
  result: z.enum(['success', 'failure']).optional(),
  from: numeric(z.number().int()).optional(),
  to: numeric(z.number().int()).optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;
export const auditLogItem = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string(),
  method: z.string(),
  action: z.string(),
  target: z.string(),
  ip: z.string(),
  code: z.number(),
  durationMs: z.number(),
  createdAt: z.number(),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;

export const setRetentionRequest = z.object({ companyId: idSchema, rawDays: z.number().int().min(1).max(36500).nullable() });
export type SetRetentionRequest = z.infer<typeof setRetentionRequest>;
export const retentionItem = z.object({
  companyId: z.number(),
  displayName: z.string(),
  rawDays: z.number().nullable(),
  lastPurgeAt: z.number().nullable(),
  lastPurgedRows: z.number().nullable(),
});
export type RetentionItem = z.infer<typeof retentionItem>;
/** `POST /general/system/runPurge`: what the retention purge did. */
export interface PurgeResult {
  /** False when another instance was already running the purge job. */
  ran: boolean;
  companies: number;
  rows: number;
}
export const acquisitionItem = z.object({
  companyId: z.number(),
  displayName: z.string(),
  devicesTotal: z.number().nullable(),
  devicesOnline: z.number().nullable(),
  valuesToday: z.number().nullable(),
  valuesYesterday: z.number().nullable(),
});
export type AcquisitionItem = z.infer<typeof acquisitionItem>;

/**
 * What is assigned to a user (my assignments, docs/assignments.md): alarms to handle (status
 * `active`: open and unacknowledged) and executable tasks they may run (status `runnable`). The
 * owning modules answer them; `link` is where each is handled.
 */
export const assignmentKinds = ['alarm', 'task'] as const;
export type AssignmentKind = (typeof assignmentKinds)[number];
export const assignmentItem = z.object({
  kind: z.enum(assignmentKinds),
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  status: z.string(),
  createdAt: z.number(),
  link: z.string().nullable(),
  /** Alarm level 1–3; null for a task. */
  level: z.number().nullable(),
  /** The alarm's target (and value); null for a task. */
  detail: z.string().nullable(),
});
export type AssignmentItem = z.infer<typeof assignmentItem>;

/** `GET /general/user/getMyAssignments`: the list (newest first) and the counts of the navbar badge. */
export interface MyAssignments {
  list: AssignmentItem[];
  total: number;
  counts: Record<AssignmentKind, number>;
}

/** IPv4 address, IPv4 CIDR, or IPv6 address (allow-list entries). */
export function isIpOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) {
    return false;
  }
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(address);
  if (v4) {
    return bits === undefined || (/^\d{1,2}$/.test(bits) && Number(bits) <= 32);
  }
  const v6 = /^[0-9a-fA-F:]+$/.test(address) && address.includes(':') && address.split(':').length <= 8;
  return v6 && bits === undefined;
}

/** True when `ip` is matched by an allow-list entry (exact address or IPv4 CIDR). */
export function ipMatches(entry: string, ip: string): boolean {
  const normalized = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!entry.includes('/')) {
    return entry === normalized || entry === ip;
  }
  const [base, bitsText] = entry.split('/') as [string, string];
  const bits = Number(bitsText);
  const toInt = (a: string) => a.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(normalized)) {
    return false;
  }
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (toInt(base) & mask) === (toInt(normalized) & mask);
}
