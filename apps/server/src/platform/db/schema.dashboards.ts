import type { Generated } from 'kysely';

/** Tables of the dashboards module (migration 2026-11-22-040-dashboards). */

/** A dashboard; its cabin node (kind 'dashboard') carries the name shown in the tree and the permissions. */
export interface DashboardTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  /** 'grid' | 'bigScreen' */
  board_type: string;
  width: number;
  height: number;
  refresh_minutes: number;
  template_code: string | null;
  /** JSON text: Widget[] of packages/domain. */
  widgets: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A dashboard carousel: JSON texts of CarouselConfig (draft, and the published copy). */
export interface BoardPlayTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  draft: string;
  published: string | null;
  published_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface DashboardTables {
  dashboard: DashboardTable;
  board_play: BoardPlayTable;
}
