import type SQLite from 'better-sqlite3';
import type { Db } from '@server/platform/db/database';
import { rollupGrains } from './series.port';
import { pgSeriesWrites, rollerStatements } from './deferredSeries.repository';

/**
 * The roller of deferred rollups (docs/charts.md, "Rollups after commit"), on the embedded
 * database. The device batch (sqliteBatchWrites.ts) stores a series' values as points only from the
 * series' watermark `rolled_until` W on; the roller moves W forward a minute or two behind the
 * clock and makes the rollups of the time it passed complete:
 *
 *   - minute rows of [W, W') are computed from the points (replacing any row a record written
 *     through the data-items path put there meanwhile: the points hold every value);
 *   - a row of a coarser grain whose bucket ends in (W, W'] is computed from the rows of the next
 *     finer grain inside it, which are complete by then (finest grain first);
 *   - W' is written in the same transaction.
 *
 * Every step is idempotent (a roll repeated, or interrupted by a crash, gives the same rows), so
 * there is nothing to recover after a kill. A value that arrives for an instant before W is folded
 * into the rollups at once by its writer (the device batch's late path, or a single record).
 *
 * Synchronous statements on the raw handle (series.repository.ts): call `rollAll` inside a transaction.
 * PostgreSQL has its own roller below (`PgSeriesRoller`): the same steps as set-based statements
 * over a slice of series, under advisory locks shared by every instance.
 */
export interface RollerOptions {
  /** W' = the current minute's start minus this (values a little late still find W ahead of them). */
  lagMs: number;
  /** A series is rolled once its W is this far behind W' (reads compute at most lag + this from points). */
  everyMs: number;
}

export const defaultRollerOptions: RollerOptions = { lagMs: 60_000, everyMs: 300_000 };

const MINUTE = rollupGrains[0];

/** Where W goes at `now`: the start of the current minute, less the lag. */
export const rollTarget = (now: number, options: RollerOptions): number => Math.floor(now / MINUTE) * MINUTE - options.lagMs;

export class SeriesRoller {
  private readonly statements: ReturnType<typeof rollerStatements>;

  constructor(
    raw: SQLite.Database,
    readonly options: RollerOptions = defaultRollerOptions,
  ) {
    this.statements = rollerStatements(raw);
  }

  /** Where W goes at `now`: the start of the current minute, less the lag. */
  target(now: number): number {
    return rollTarget(now, this.options);
  }

  /** Deferred series whose W is at least `everyMs` behind the target at `now` (`all`: any behind it). */
  due(now: number, all = false): Array<{ id: number; rolledUntil: number }> {
    const rows = this.statements.due.all(this.target(now) - (all ? 1 : this.options.everyMs)) as Array<{ id: number; rolled_until: number }>;
    return rows.map((r) => ({ id: Number(r.id), rolledUntil: Number(r.rolled_until) }));
  }

  /**
   * Makes the rollups of series complete over [their W, until) and sets their W to `until`
   * (minute-aligned), in the caller's transaction.
   */
  rollAll(series: ReadonlyArray<{ id: number; rolledUntil: number }>, until: number): void {
    const moved: number[] = [];
    for (const { id, rolledUntil } of series) {
      if (rolledUntil < until) {
        this.fold(id, rolledUntil, until);
        moved.push(id);
      }
    }
    if (moved.length > 0) {
      this.statements.advance.run(until, JSON.stringify(moved));
    }
  }

  /** One series: minute rows of [from, until) from points, coarser rows of buckets ending in (from, until] from finer rows. */
  private fold(seriesId: number, from: number, until: number): void {
    const s = this.statements;
    s.minutes.run(seriesId, from, until);
    for (const { grain, clear, fold } of s.coarse) {
      // Buckets of this grain that end in (from, until]: [first, last) of their starts.
      const first = Math.floor(from / grain) * grain;
      const last = Math.floor(until / grain) * grain;
      if (last > first) {
        clear.run(seriesId, first, last);
        fold.run(seriesId, first, last);
      }
    }
  }
}

/**
 * The roller on PostgreSQL: the same steps as `SeriesRoller` (minute rows from points, coarser
 * rows from finer ones, W moved in the same transaction), each one statement for a whole slice of
 * series (`unnest` of their ids and watermarks). Several instances may share the database: a slice
 * runs only under `pg_try_advisory_xact_lock(SERIES_ROLL_LOCK)` (another instance rolling: this
 * one stops its round) and the exclusive SERIES_WRITE_LOCK, and re-reads the watermarks under it.
 */
export class PgSeriesRoller {
  constructor(readonly options: RollerOptions = defaultRollerOptions) {}

  target(now: number): number {
    return rollTarget(now, this.options);
  }

  /** Deferred series whose W is at least `everyMs` behind the target at `now` (`all`: any behind it). */
  due(db: Db, now: number, all = false): Promise<Array<{ id: number; rolledUntil: number }>> {
    return pgSeriesWrites.due(db, this.target(now) - (all ? 1 : this.options.everyMs));
  }

  /**
   * Makes the rollups of the series complete up to `until` and sets their W to it, in `trx`:
   * the ids rolled, or null when another instance holds the roll lock (nothing done).
   */
  async rollAll(trx: Db, seriesIds: readonly number[], until: number): Promise<number[] | null> {
    if (!(await pgSeriesWrites.lockForRoll(trx))) {
      return null;
    }
    // Watermarks as committed now (another instance may have rolled since `due`).
    const behind = await pgSeriesWrites.behind(trx, seriesIds, until);
    if (behind.length > 0) {
      await pgSeriesWrites.roll(trx, behind, until);
    }
    return behind.map((s) => s.id);
  }
}
