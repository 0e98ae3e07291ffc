import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { pageQuery } from '../shared/paging';
import type { PermissionLevel } from '../cabin/cabin.schemas';
import type { ChartConfig } from '../charts/charts.schemas';
import { boardTransitions, boardTypes, dashboardLimits, widget, type BoardTransition, type BoardType, type Widget } from './widgets';
import { templateCodes } from './templates';
import { dashboardDocument, type UnresolvedReference } from './exportDocument';
import { isTimeOfDay, minutesOf, type ScheduledBoard } from './schedule';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';

/**
 * Dashboards and carousels (issue 5; docs/dashboards.md). Dashboards are cabin nodes of kind
 * `dashboard` (the tree's permissions apply); carousels are company-owned lists of boards with a
 * draft and a published version.
 */
const id = idSchema;
const parentIdSchema = z.preprocess((value) => (value === '' || value === undefined ? null : value), id.nullable());

/** Dashboard and carousel names: required, at most 25 characters (spec §9 general names). */
export const boardNameSchema = nameText()
  .min(1, 'validation.nameRequired')
  .refine((name) => [...name].length <= dashboardLimits.nameLength, 'validation.dashboard.nameTooLong');
export const carouselNameSchema = nameText()
  .min(1, 'validation.nameRequired')
  .refine((name) => [...name].length <= dashboardLimits.nameLength, 'validation.dashboard.carouselNameTooLong');

export const refreshMinutesSchema = numeric(
  z.number().refine((m) => (dashboardLimits.refreshMinutes as readonly number[]).includes(m), 'validation.dashboard.refreshMinutes'),
);
const canvasWidth = numeric(z.number().int('validation.dashboard.canvasSize').min(dashboardLimits.canvasWidthMin, 'validation.dashboard.canvasSize').max(dashboardLimits.canvasWidthMax, 'validation.dashboard.canvasSize'));
const canvasHeight = numeric(z.number().int('validation.dashboard.canvasSize').min(dashboardLimits.canvasHeightMin, 'validation.dashboard.canvasSize').max(dashboardLimits.canvasHeightMax, 'validation.dashboard.canvasSize'));

/** `GET /general/dashboard/getDashboardList?pageNum&pageSize&keyword` → Page<DashboardSummary> */
export const dashboardListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type DashboardListQuery = z.infer<typeof dashboardListQuery>;

/** `POST /general/dashboard/addDashboard` → `{ id, nodeId }`: blank or from a template. */
export const addDashboardRequest = z.object({
  name: boardNameSchema,
  parentId: parentIdSchema.default(null),
  boardType: z.enum(boardTypes).default('grid'),
  templateCode: z.enum(templateCodes, 'validation.dashboard.template').default('blank'),
  width: canvasWidth.default(dashboardLimits.canvasWidthDefault),
  height: canvasHeight.default(dashboardLimits.canvasHeightDefault),
  refreshMinutes: refreshMinutesSchema.default(5),
});
export type AddDashboardRequest = z.infer<typeof addDashboardRequest>;
/** The answer of `POST /general/dashboard/addDashboard`: the board and its cabin node. */
export interface AddDashboardResult {
  id: number;
  nodeId: number;
}

export const dashboardIdRequest = z.object({ id });
export type DashboardIdRequest = z.infer<typeof dashboardIdRequest>;
export const dashboardQuery = z.object({ id });
export type DashboardQuery = z.infer<typeof dashboardQuery>;
/** `POST /general/dashboard/copyDashboard {id, name?}` → `{ id }` (beside the original). */
export const copyDashboardRequest = z.object({ id, name: boardNameSchema.optional() });
export type CopyDashboardRequest = z.infer<typeof copyDashboardRequest>;
export const renameDashboardRequest = z.object({ id, name: boardNameSchema });
export type RenameDashboardRequest = z.infer<typeof renameDashboardRequest>;

/** `POST /general/dashboard/saveDashboard`: the whole layout and the board's settings. */
export const saveDashboardRequest = z.object({
  id,
  boardType: z.enum(boardTypes),
  width: canvasWidth,
  height: canvasHeight,
  refreshMinutes: refreshMinutesSchema,
  widgets: z.array(widget).max(dashboardLimits.widgetsMax, 'validation.dashboard.tooManyWidgets'),
});
export type SaveDashboardRequest = z.infer<typeof saveDashboardRequest>;

/** `POST /general/dashboard/importDashboard` → `ImportDashboardResult`. */
export const importDashboardRequest = z.object({
  document: dashboardDocument,
  name: boardNameSchema.optional(),
  parentId: parentIdSchema.default(null),
});
export type ImportDashboardRequest = z.infer<typeof importDashboardRequest>;

export interface ImportDashboardResult {
  id: number;
  nodeId: number;
  name: string;
  unresolved: UnresolvedReference[];
}

export interface DashboardSummary {
  id: number;
  nodeId: number;
  name: string;
  boardType: BoardType;
  widgetCount: number;
  templateCode: string | null;
  /** The directory the board's node is in (null: the top). */
  directoryId: number | null;
  level: PermissionLevel;
  updatedAt: number;
}

/**
 * How a viewer sees a widget's data: ok, noPermission (the item exists but the viewer may not
 * read it; its name is not shown), missing (the item, or a saved-chart widget's chart, was
 * deleted), unbound (no item or chart chosen).
 */
export const widgetAccesses = ['ok', 'noPermission', 'missing', 'unbound'] as const;
export type WidgetAccess = (typeof widgetAccesses)[number];

export interface WidgetView extends Widget {
  access: WidgetAccess;
  /** The bound item's name and fields (only with access ok). */
  item: { id: number; name: string; fields: Array<{ fieldName: string; name: string; type: number; unit: string }> } | null;
  /** A saved-chart widget's chart as it is now (only with access ok). */
  chart?: ChartConfig | null;
}

/** `GET /general/dashboard/getDashboard?id=` */
export interface DashboardDetail extends Omit<DashboardSummary, 'widgetCount'> {
  width: number;
  height: number;
  refreshMinutes: number;
  widgets: WidgetView[];
  timeZone: string;
  createdAt: number;
}

// ---- carousels ----

const seconds = numeric(z.number().int('validation.dashboard.seconds').min(dashboardLimits.carouselSecondsMin, 'validation.dashboard.seconds').max(dashboardLimits.carouselSecondsMax, 'validation.dashboard.seconds'));
const timeOfDay = z.string().refine(isTimeOfDay, 'validation.dashboard.timeOfDay');

export const carouselEntry = z.object({
  boardId: id,
  seconds: seconds.nullable().default(null),
  window: z
    .object({ from: timeOfDay, to: timeOfDay })
    .refine((w) => !isTimeOfDay(w.from) || !isTimeOfDay(w.to) || minutesOf(w.from) !== minutesOf(w.to), 'validation.dashboard.emptyWindow')
    .nullable()
    .default(null),
});
export type CarouselEntryInput = z.infer<typeof carouselEntry>;

export const carouselConfig = z.object({
  defaultSeconds: seconds.default(dashboardLimits.carouselSecondsDefault),
  transition: z.enum(boardTransitions).default('fade'),
  entries: z.array(carouselEntry).max(dashboardLimits.carouselEntriesMax, 'validation.dashboard.entriesMax').default([]),
});
export type CarouselConfig = z.infer<typeof carouselConfig>;

/** `GET /general/boardPlay/getBoardPlayList?pageNum&pageSize&keyword` */
export const carouselListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export type CarouselListQuery = z.infer<typeof carouselListQuery>;
/** `POST /general/boardPlay/addBoardPlay {name}` → `{ id }` (an empty draft). */
export const addCarouselRequest = z.object({ name: carouselNameSchema });
export type AddCarouselRequest = z.infer<typeof addCarouselRequest>;
/** `POST /general/boardPlay/updateBoardPlay`: name and the draft (big_screen plays the published version). */
export const updateCarouselRequest = carouselConfig.extend({ id, name: carouselNameSchema });
export type UpdateCarouselRequest = z.infer<typeof updateCarouselRequest>;
export const carouselIdRequest = z.object({ id });
export type CarouselIdRequest = z.infer<typeof carouselIdRequest>;
/** `GET /general/boardPlay/getSchedule?id&at&version` */
export const carouselScheduleQuery = z.object({
  id,
  at: numeric(z.number().int().positive()).optional(),
  version: z.enum(['draft', 'published']).default('published'),
  count: numeric(z.number().int().min(1).max(50)).default(5),
});
export type CarouselScheduleQuery = z.infer<typeof carouselScheduleQuery>;

export interface CarouselEntryView {
  boardId: number;
  seconds: number | null;
  window: { from: string; to: string } | null;
  /** The board's name, or null when it was deleted or the caller may not read it. */
  boardName: string | null;
}

export interface CarouselSummary {
  id: number;
  name: string;
  boardCount: number;
  /** draft: never published; published: the draft equals what plays; changed: a newer draft. */
  state: 'draft' | 'published' | 'changed';
  publishedAt: number | null;
  updatedAt: number;
}

export interface CarouselDetail extends Omit<CarouselSummary, 'boardCount'> {
  draft: { defaultSeconds: number; transition: BoardTransition; entries: CarouselEntryView[] };
  published: { defaultSeconds: number; transition: BoardTransition; entries: CarouselEntryView[] } | null;
  timeZone: string;
}

export interface CarouselSchedule {
  at: number;
  timeZone: string;
  version: 'draft' | 'published';
  current: (ScheduledBoard & { boardName: string | null }) | null;
  upcoming: Array<ScheduledBoard & { boardName: string | null }>;
}

/** `GET /general/dashboard/getAlarmFeed` — alarm messages for the marquee and the alarm widget. */
export interface AlarmFeedItem {
  id: string;
  level: 1 | 2 | 3;
  message: string;
  at: number;
}
export interface AlarmFeed {
  /** False while no module provides alarms (the widgets show "暂无告警 / No alarms"). */
  provided: boolean;
  list: AlarmFeedItem[];
}
