import {
  dashboardDocument,
  exportFormat,
  exportVersion,
  isDataWidget,
  remapWidgets,
  templateWidgets,
  widget as widgetSchema,
  widgetsProblem,
  type AddDashboardRequest,
  type AlarmFeed,
  type ChartConfig,
  type BoardType,
  type DashboardDetail,
  type DashboardDocument,
  type DashboardSummary,
  type ImportDashboardRequest,
  type ImportDashboardResult,
  type Locale,
  type Page,
  type PermissionLevel,
  type RemapCandidate,
  type SaveDashboardRequest,
  type Widget,
  type WidgetView, dashboardLimits } from '@smartdata/domain';
import type { AlarmFeedProvider } from '@server/platform/registry';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import type { CabinCaller, CabinNodeRow, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { ChartsService } from '../charts/charts.service';
import { DashboardsRepository, type DashboardRow } from './dashboards.repository';

/** What dashboards need of the data-items module: items by id and all of a company's, with their fields. */
export type DashboardItems = Pick<DataItemsService, 'itemsByIds' | 'itemsOfCompany'>;

/** What dashboards need of the charts module: saved charts by id and of items (saved-chart widgets). */
export type DashboardCharts = Pick<ChartsService, 'chartsByIds' | 'chartsOfItems'>;

/** The caller of a dashboards call: the cabin caller plus whether they may read data items at all. */
export interface DashboardCaller extends CabinCaller {
  /** Holds sd_capsule: data widgets read records through the data-item calls, which need it. */
  canReadData: boolean;
}

const boardNameMax = dashboardLimits.nameLength;

/** `name`, or `name-2`, `name-3`… that no sibling holds, within 25 characters. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) {
    return name;
  }
  for (let n = 2; n < 10_000; n += 1) {
    const suffix = `-${n}`;
    const candidate = [...name].slice(0, boardNameMax - suffix.length).join('').trimEnd() + suffix;
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
  throw conflict('cabin.nameTaken');
}

function parseWidgets(text: string): Widget[] {
  return parseJsonList<unknown>(text).flatMap((raw) => {
    const parsed = widgetSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Dashboards (cabin nodes of kind `dashboard`, docs/dashboards.md; carousels are in
 * carousels.service.ts). Every board call checks the caller's level on the board's node; every
 * widget's data is checked against the viewer's level on its data item, so a widget the viewer
 * may not read shows that state.
 */
export class DashboardsService {
  constructor(
    private readonly repository: DashboardsRepository,
    private readonly cabin: CabinService,
    private readonly items: DashboardItems,
    /** The company's time zone (shown with a board: its clocks and time ranges use it). */
    private readonly timeZone: (companyId: number) => Promise<string>,
    /** Alarm messages of the modules that provide them (none yet). */
    private readonly alarmFeeds: readonly AlarmFeedProvider[],
    private readonly charts: DashboardCharts,
  ) {}

  /**
   * The saved charts of these widgets and the items they chart, so a widget's access can be
   * told: a chart of another company or a deleted one is not found (missing).
   */
  private async savedCharts(companyId: number, widgets: readonly Widget[]): Promise<Map<number, ChartConfig>> {
    const ids = [...new Set(widgets.flatMap((w) => (w.kind === 'savedChart' && w.options.chartId !== undefined ? [w.options.chartId] : [])))];
    return new Map((await this.charts.chartsByIds(companyId, ids)).map((c) => [c.id, c]));
  }

  /** The items widgets read: bound items and the items of saved charts. */
  private static itemIdsOf(widgets: readonly Widget[], charts: ReadonlyMap<number, ChartConfig>): number[] {
    return [
      ...new Set(
        widgets.flatMap((w) => {
          if (w.binding) {
            return [w.binding.itemId];
          }
          const chart = w.options.chartId !== undefined ? charts.get(w.options.chartId) : undefined;
          return chart ? [chart.itemId] : [];
        }),
      ),
    ];
  }

  // ---- boards ----

  /** A board of the caller's company where the caller holds `level` (40400 / 40300). */
  private async requireBoard(caller: CabinCaller, id: number, level: PermissionLevel): Promise<{ row: DashboardRow; node: CabinNodeRow; level: PermissionLevel }> {
    const row = await this.repository.findDashboard(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    const node = await this.cabin.requireLevel(caller, row.node_id, level);
    return { row, node, level: await this.cabin.levelOf(caller, row.node_id) };
  }

  /** The boards the caller can read, by name keyword, newest change first, paged. */
  async list(caller: CabinCaller, query: { pageNum: number; pageSize: number; keyword?: string }): Promise<Page<DashboardSummary>> {
    const [rows, levels] = await Promise.all([this.repository.allDashboards(caller.companyId, query.keyword), this.cabin.levelMap(caller)]);
    const parents = new Map(levels.nodes.map((n) => [n.id, n.parent_id]));
    const visible = rows.filter((r) => levels.levelOf(r.node_id) !== 'none');
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      total: visible.length,
      list: visible.slice(start, start + query.pageSize).map((r) => ({
        id: r.id,
        nodeId: r.node_id,
        name: r.name,
        boardType: r.board_type as BoardType,
        widgetCount: parseJsonList(r.widgets).length,
        templateCode: r.template_code,
        directoryId: parents.get(r.node_id) ?? null,
        level: levels.levelOf(r.node_id),
        updatedAt: r.updated_at,
      })),
    };
  }

  /** Creates a board (blank or from a template, titles in the caller's language) under a directory or the top. */
  async add(caller: CabinCaller, request: AddDashboardRequest, locale: Locale): Promise<{ id: number; nodeId: number }> {
    const board = { boardType: request.boardType, width: request.width, height: request.height };
    const widgets = templateWidgets(request.templateCode, locale, board);
    const created = await this.cabin.createNode(caller, { kind: 'dashboard', parentId: request.parentId, name: request.name }, (trx, nodeId) =>
      DashboardsRepository.in(trx).insertDashboard({
        companyId: caller.companyId,
        nodeId,
        name: request.name,
        ...board,
        refreshMinutes: request.refreshMinutes,
        templateCode: request.templateCode,
        widgets: JSON.stringify(widgets),
        userId: caller.userId,
      }),
    );
    return { id: created.refId, nodeId: created.nodeId };
  }

  /** Copies a readable board beside the original (write access where it lands), "-2" when the name is taken. */
  async copy(caller: CabinCaller, id: number, name?: string): Promise<{ id: number; nodeId: number }> {
    const { row, node } = await this.requireBoard(caller, id, 'read');
    const taken = await this.cabin.siblingNames(caller.companyId, node.parent_id, 'dashboard');
    const copyName = name ?? freeName(row.name, taken);
    const created = await this.cabin.createNode(caller, { kind: 'dashboard', parentId: node.parent_id, name: copyName }, (trx, nodeId) =>
      DashboardsRepository.in(trx).insertDashboard({
        companyId: caller.companyId,
        nodeId,
        name: copyName,
        boardType: row.board_type,
        width: row.width,
        height: row.height,
        refreshMinutes: row.refresh_minutes,
        templateCode: row.template_code,
        widgets: row.widgets,
        userId: caller.userId,
      }),
    );
    return { id: created.refId, nodeId: created.nodeId };
  }

  /** Renames through the cabin (read-write, sibling names unique); the node handler renames the row. */
  async rename(caller: CabinCaller, id: number, name: string): Promise<void> {
    const { row } = await this.requireBoard(caller, id, 'readWrite');
    await this.cabin.rename(caller, row.node_id, name);
  }

  /** Deletes through the cabin (admin on the node). */
  async delete(caller: CabinCaller, id: number): Promise<void> {
    const { row } = await this.requireBoard(caller, id, 'admin');
    await this.cabin.delete(caller, row.node_id);
  }

  /** The board with each widget's access for this viewer (ok, noPermission, missing, unbound). */
  async get(caller: DashboardCaller, id: number): Promise<DashboardDetail> {
    const { row, node, level } = await this.requireBoard(caller, id, 'read');
    const widgets = parseWidgets(row.widgets);
    const charts = await this.savedCharts(caller.companyId, widgets);
    const itemIds = DashboardsService.itemIdsOf(widgets, charts);
    const [items, levels, timeZone] = await Promise.all([this.items.itemsByIds(caller.companyId, itemIds), this.cabin.levelMap(caller), this.timeZone(caller.companyId)]);
    const byId = new Map(items.map((i) => [i.id, i]));
    const views: WidgetView[] = widgets.map((w) => {
      if (w.kind === 'savedChart') {
        if (w.options.chartId === undefined) {
          return { ...w, access: 'unbound', item: null, chart: null };
        }
        const chart = charts.get(w.options.chartId);
        const item = chart ? byId.get(chart.itemId) : undefined;
        if (!chart || !item) {
          return { ...w, access: 'missing', item: null, chart: null };
        }
        if (!caller.canReadData || levels.levelOf(item.nodeId) === 'none') {
          return { ...w, access: 'noPermission', item: null, chart: null };
        }
        const fields = item.fields.map((f) => ({ fieldName: f.fieldName, name: f.name, type: f.type, unit: f.unit }));
        return { ...w, access: 'ok', item: { id: item.id, name: item.name, fields }, chart };
      }
      if (!w.binding || !isDataWidget(w.kind)) {
        return { ...w, access: isDataWidget(w.kind) ? 'unbound' : 'ok', item: null };
      }
      const item = byId.get(w.binding.itemId);
      if (!item) {
        return { ...w, access: 'missing', item: null };
      }
      if (!caller.canReadData || levels.levelOf(item.nodeId) === 'none') {
        // Not even the item's name: the viewer may not read it.
        return { ...w, binding: { itemId: w.binding.itemId, fields: [] }, access: 'noPermission', item: null };
      }
      const fields = item.fields.map((f) => ({ fieldName: f.fieldName, name: f.name, type: f.type, unit: f.unit }));
      return { ...w, access: 'ok', item: { id: item.id, name: item.name, fields } };
    });
    return {
      id: row.id,
      nodeId: row.node_id,
      name: row.name,
      boardType: row.board_type as BoardType,
      templateCode: row.template_code,
      directoryId: node.parent_id,
      level,
      width: row.width,
      height: row.height,
      refreshMinutes: row.refresh_minutes,
      widgets: views,
      timeZone,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /**
   * Saves the layout and settings (read-write). Every binding must name an item of the company the
   * saver can read, and fields it has; a widget the saver cannot read keeps the binding it had.
   */
  async save(caller: DashboardCaller, request: SaveDashboardRequest): Promise<void> {
    const { row } = await this.requireBoard(caller, request.id, 'readWrite');
    const problem = widgetsProblem(request.widgets, request);
    if (problem) {
      throw validationError(problem);
    }
    const before = new Map(parseWidgets(row.widgets).map((w) => [w.id, w]));
    const charts = await this.savedCharts(caller.companyId, request.widgets);
    const itemIds = DashboardsService.itemIdsOf(request.widgets, charts);
    const [items, levels] = await Promise.all([this.items.itemsByIds(caller.companyId, itemIds), this.cabin.levelMap(caller)]);
    const byId = new Map(items.map((i) => [i.id, i]));
    const widgets = request.widgets.map((w) => {
      if (w.kind === 'savedChart' && w.options.chartId !== undefined) {
        // A new or changed chart must be one of the company's the saver can read; an unchanged
        // one stays (deleted since, or hidden from this saver: the viewer saw that state).
        const chart = charts.get(w.options.chartId);
        const item = chart ? byId.get(chart.itemId) : undefined;
        const readable = item && caller.canReadData && levels.levelOf(item.nodeId) !== 'none';
        if (!readable && before.get(w.id)?.options.chartId !== w.options.chartId) {
          throw validationError(`dashboard.unknownChart|${w.title || w.id}`);
        }
        return w;
      }
      if (!w.binding) {
        return w;
      }
      const previous = before.get(w.id)?.binding;
      const item = byId.get(w.binding.itemId);
      const readable = item && caller.canReadData && levels.levelOf(item.nodeId) !== 'none';
      if (!readable) {
        // Unchanged bindings the saver cannot read stay as they were (the viewer saw noPermission).
        if (previous && previous.itemId === w.binding.itemId) {
          return { ...w, binding: previous };
        }
        throw validationError(`dashboard.unknownItem|${w.title || w.id}`);
      }
      const fieldNames = new Set(item.fields.map((f) => f.fieldName));
      const unknown = w.binding.fields.find((f) => !fieldNames.has(f));
      if (unknown) {
        throw validationError(`dashboard.unknownField|${w.title || w.id}|${unknown}`);
      }
      return w;
    });
    await this.repository.updateDashboard(caller.companyId, request.id, {
      boardType: request.boardType,
      width: request.width,
      height: request.height,
      refreshMinutes: request.refreshMinutes,
      widgets: JSON.stringify(widgets),
    });
  }

  /** Directory names above every node, top first (the path of an export reference). */
  private async paths(companyId: number): Promise<(nodeId: number) => string[]> {
    const nodes = await this.cabin.allNodes(companyId);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    return (nodeId) => {
      const path: string[] = [];
      let current = byId.get(nodeId);
      current = current?.parent_id === null || !current ? undefined : byId.get(current.parent_id);
      while (current) {
        path.unshift(current.name);
        current = current.parent_id === null ? undefined : byId.get(current.parent_id);
      }
      return path;
    };
  }

  /** The board as a JSON document, data items named by path and name (read on the board). */
  async export(caller: DashboardCaller, id: number): Promise<DashboardDocument> {
    const { row } = await this.requireBoard(caller, id, 'read');
    const widgets = parseWidgets(row.widgets);
    const charts = await this.savedCharts(caller.companyId, widgets);
    const itemIds = DashboardsService.itemIdsOf(widgets, charts);
    const [items, levels, pathOf] = await Promise.all([this.items.itemsByIds(caller.companyId, itemIds), this.cabin.levelMap(caller), this.paths(caller.companyId)]);
    const byId = new Map(items.map((i) => [i.id, i]));
    return {
      format: exportFormat,
      version: exportVersion,
      exportedAt: Date.now(),
      board: {
        name: row.name,
        boardType: row.board_type as BoardType,
        width: row.width,
        height: row.height,
        refreshMinutes: row.refresh_minutes as 1 | 5 | 10 | 15,
        templateCode: row.template_code,
      },
      widgets: widgets.map((w) => {
        if (w.kind === 'savedChart') {
          // Named by its item and its name; the id stays home (import maps the name).
          const { chartId, ...options } = w.options;
          const chart = chartId !== undefined ? charts.get(chartId) : undefined;
          const chartItem = chart ? byId.get(chart.itemId) : undefined;
          if (!chart || !chartItem || !caller.canReadData || levels.levelOf(chartItem.nodeId) === 'none') {
            return { widget: { ...w, options }, item: null, chart: null };
          }
          return { widget: { ...w, options }, item: null, chart: { item: { path: pathOf(chartItem.nodeId), name: chartItem.name }, name: chart.name } };
        }
        const item = w.binding ? byId.get(w.binding.itemId) : undefined;
        // An item the exporter may not read is not named in the file (its binding goes unresolved).
        if (!item || !caller.canReadData || levels.levelOf(item.nodeId) === 'none') {
          return { widget: { ...w, binding: null }, item: null };
        }
        return { widget: w, item: { path: pathOf(item.nodeId), name: item.name } };
      }),
    };
  }

  /**
   * Imports a document into the caller's company: each data item reference is re-mapped to the
   * item with the same directory path and name that the caller can read; the others are reported
   * and their widgets kept unbound.
   */
  async import(caller: DashboardCaller, request: ImportDashboardRequest): Promise<ImportDashboardResult> {
    const document = dashboardDocument.parse(request.document);
    const problem = widgetsProblem(
      document.widgets.map((w) => w.widget),
      document.board,
    );
    if (problem) {
      throw validationError(problem);
    }
    const candidates: RemapCandidate[] = [];
    if (caller.canReadData) {
      const [items, levels, pathOf] = await Promise.all([this.items.itemsOfCompany(caller.companyId), this.cabin.levelMap(caller), this.paths(caller.companyId)]);
      const readable = items.filter((i) => levels.levelOf(i.nodeId) !== 'none');
      const wantsCharts = document.widgets.some((w) => w.chart);
      const charts = wantsCharts ? await this.charts.chartsOfItems(caller.companyId, readable.map((i) => i.id)) : [];
      for (const item of readable) {
        candidates.push({
          id: item.id,
          path: pathOf(item.nodeId),
          name: item.name,
          fieldNames: item.fields.map((f) => f.fieldName),
          charts: charts.filter((c) => c.itemId === item.id).map((c) => ({ id: c.id, name: c.name })),
        });
      }
    }
    const { widgets, unresolved } = remapWidgets(document, candidates);
    const taken = await this.cabin.siblingNames(caller.companyId, request.parentId, 'dashboard');
    const name = request.name ?? freeName([...document.board.name.trim()].slice(0, boardNameMax).join(''), taken);
    const created = await this.cabin.createNode(caller, { kind: 'dashboard', parentId: request.parentId, name }, (trx, nodeId) =>
      DashboardsRepository.in(trx).insertDashboard({
        companyId: caller.companyId,
        nodeId,
        name,
        boardType: document.board.boardType,
        width: document.board.width,
        height: document.board.height,
        refreshMinutes: document.board.refreshMinutes,
        templateCode: document.board.templateCode,
        widgets: JSON.stringify(widgets),
        userId: caller.userId,
      }),
    );
    return { id: created.refId, nodeId: created.nodeId, name, unresolved };
  }

  /** How the cabin treats nodes of kind dashboard: name rule, tree details, rename, delete. */
  nodeHandler(): NodeKindHandler {
    return {
      nameProblem: (name) => (name === '' ? 'validation.nameRequired' : [...name].length > boardNameMax ? 'validation.dashboard.nameTooLong' : null),
      describe: async (companyId, refIds) => {
        const rows = await this.repository.dashboardsByIds(companyId, refIds);
        return new Map(rows.map((r) => [r.id, { boardType: r.board_type, widgetCount: parseJsonList(r.widgets).length }]));
      },
      rename: (trx, companyId, refId, name) => DashboardsRepository.in(trx).renameDashboard(companyId, refId, name),
      remove: (trx, companyId, refIds) => DashboardsRepository.in(trx).deleteDashboards(companyId, refIds),
    };
  }

  // ---- alarms ----

  /** Alarm messages from the modules that provide them (cloud monitoring's open alarms; none: `provided` false). */
  async alarmFeed(caller: CabinCaller): Promise<AlarmFeed> {
    const providers = this.alarmFeeds;
    const lists = await Promise.all(providers.map((provide) => provide(caller)));
    return {
      provided: providers.length > 0,
      list: lists
        .flat()
        .sort((a, b) => b.at - a.at)
        .slice(0, 50),
    };
  }
}

