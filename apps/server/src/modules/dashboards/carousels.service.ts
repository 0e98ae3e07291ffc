import {
  carouselConfig,
  ErrorCode,
  resolveSchedule,
  upcomingSchedule,
  type CarouselConfig,
  type CarouselDetail,
  type CarouselEntryView,
  type CarouselSchedule,
  type CarouselSummary,
  type Page,
  type UpdateCarouselRequest,
} from '@smartdata/domain';
import { AppError, conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller, CabinService } from '../cabin/cabin.service';
import type { BoardPlayRow, DashboardsRepository } from './dashboards.repository';

function parseConfig(text: string | null): CarouselConfig | null {
  if (text === null) {
    return null;
  }
  try {
    const parsed = carouselConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Dashboard carousels (docs/dashboards.md): a draft and a published list of boards with their
 * turns, played by big_screen and dashboardmarquee in the company's time zone. A carousel names
 * boards of the company; a viewer sees the names of the boards they may read only.
 */
export class CarouselsService {
  constructor(
    private readonly repository: DashboardsRepository,
    private readonly cabin: CabinService,
    private readonly timeZone: (companyId: number) => Promise<string>,
  ) {}

  private async requirePlay(caller: CabinCaller, id: number): Promise<BoardPlayRow> {
    const row = await this.repository.findPlay(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  private static state(row: BoardPlayRow): CarouselSummary['state'] {
    return row.published === null ? 'draft' : row.published === row.draft ? 'published' : 'changed';
  }

  /** The company's carousels, by name keyword, newest change first, paged. */
  async listPlays(caller: CabinCaller, query: { pageNum: number; pageSize: number; keyword?: string }): Promise<Page<CarouselSummary>> {
    const rows = await this.repository.allPlays(caller.companyId, query.keyword);
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      total: rows.length,
      list: rows.slice(start, start + query.pageSize).map((r) => ({
        id: r.id,
        name: r.name,
        boardCount: parseConfig(r.draft)?.entries.length ?? 0,
        state: CarouselsService.state(r),
        publishedAt: r.published_at,
        updatedAt: r.updated_at,
      })),
    };
  }

  /** Creates a carousel with an empty draft (names unique in the company, 40900). */
  async addPlay(caller: CabinCaller, name: string): Promise<{ id: number }> {
    if (await this.repository.playNamed(caller.companyId, name)) {
      throw conflict('dashboard.nameTaken');
    }
    const draft = JSON.stringify(carouselConfig.parse({}));
    return { id: await this.repository.insertPlay(caller.companyId, name, draft, caller.userId) };
  }

  /** Saves the name and the draft; every board must be one of the company's. */
  async updatePlay(caller: CabinCaller, request: UpdateCarouselRequest): Promise<void> {
    await this.requirePlay(caller, request.id);
    if (await this.repository.playNamed(caller.companyId, request.name, request.id)) {
      throw conflict('dashboard.nameTaken');
    }
    const boardIds = [...new Set(request.entries.map((e) => e.boardId))];
    const boards = await this.repository.dashboardsByIds(caller.companyId, boardIds);
    if (boards.length !== boardIds.length) {
      throw validationError('dashboard.unknownBoard');
    }
    const draft: CarouselConfig = { defaultSeconds: request.defaultSeconds, transition: request.transition, entries: request.entries };
    await this.repository.updatePlay(caller.companyId, request.id, { name: request.name, draft: JSON.stringify(draft) });
  }

  /** Makes the draft what big_screen and dashboardmarquee play. */
  async publishPlay(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requirePlay(caller, id);
    const draft = parseConfig(row.draft);
    if (!draft || draft.entries.length === 0) {
      throw validationError('validation.dashboard.noEntries');
    }
    await this.repository.publishPlay(caller.companyId, id, row.draft);
  }

  /** Deletes a carousel. */
  async deletePlay(caller: CabinCaller, id: number): Promise<void> {
    await this.requirePlay(caller, id);
    await this.repository.deletePlay(caller.companyId, id);
  }

  /** Board names the caller may read (others null: deleted or hidden). */
  private async boardNames(caller: CabinCaller, ids: readonly number[]): Promise<Map<number, string>> {
    const [rows, levels] = await Promise.all([this.repository.dashboardsByIds(caller.companyId, ids), this.cabin.levelMap(caller)]);
    return new Map(rows.filter((r) => levels.levelOf(r.node_id) !== 'none').map((r) => [r.id, r.name]));
  }

  private async configView(caller: CabinCaller, config: CarouselConfig): Promise<CarouselDetail['draft']> {
    const names = await this.boardNames(
      caller,
      config.entries.map((e) => e.boardId),
    );
    const entries: CarouselEntryView[] = config.entries.map((e) => ({ ...e, boardName: names.get(e.boardId) ?? null }));
    return { defaultSeconds: config.defaultSeconds, transition: config.transition, entries };
  }

  /** A carousel's draft and published versions, boards named as the caller may read them. */
  async getPlay(caller: CabinCaller, id: number): Promise<CarouselDetail> {
    const row = await this.requirePlay(caller, id);
    const draft = parseConfig(row.draft) ?? carouselConfig.parse({});
    const published = parseConfig(row.published);
    return {
      id: row.id,
      name: row.name,
      state: CarouselsService.state(row),
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
      draft: await this.configView(caller, draft),
      published: published ? await this.configView(caller, published) : null,
      timeZone: await this.timeZone(caller.companyId),
    };
  }

  /** Which board is on at `at` (default now) and the next turns, in the company's time zone. */
  async schedule(caller: CabinCaller, query: { id: number; at?: number; version: 'draft' | 'published'; count: number }): Promise<CarouselSchedule> {
    const row = await this.requirePlay(caller, query.id);
    const config = parseConfig(query.version === 'draft' ? row.draft : row.published);
    if (!config) {
      throw new AppError(ErrorCode.conflict, 'dashboard.notPublished');
    }
    const at = query.at ?? Date.now();
    const timeZone = await this.timeZone(caller.companyId);
    const names = await this.boardNames(
      caller,
      config.entries.map((e) => e.boardId),
    );
    const named = <T extends { boardId: number }>(turn: T) => ({ ...turn, boardName: names.get(turn.boardId) ?? null });
    const current = resolveSchedule(config.entries, config.defaultSeconds, at, timeZone);
    return {
      at,
      timeZone,
      version: query.version,
      current: current ? named(current) : null,
      upcoming: upcomingSchedule(config.entries, config.defaultSeconds, at, timeZone, query.count).map(named),
    };
  }
}
