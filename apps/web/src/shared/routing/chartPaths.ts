/**
 * Links to the chart pages (route table paths of spec §2). Only `itemId` and `chartId` are read;
 * names and the kind are for titles and tabs (`-` / `0` when unknown).
 */
const seg = (value: string | number | null | undefined, empty = '-') => encodeURIComponent(value === null || value === undefined || value === '' ? empty : String(value));

export interface ChartItemLink {
  id: number;
  name: string;
  /** The item's cabin node (the last segment of chartConfig). */
  nodeId?: number | null;
}

export interface ChartLink {
  id: number;
  name: string;
  kind: string;
}

/** `/smartdata/chartpages/{itemId}/{chartName}/{typeCode}/{chartId}/{itemName}`: the item's charts, `chartId` shown (0: the first). */
export function chartPagePath(item: ChartItemLink, chart?: ChartLink | null): string {
  return `/smartdata/chartpages/${item.id}/${seg(chart?.name)}/${seg(chart?.kind)}/${seg(chart?.id, '0')}/${seg(item.name)}`;
}

/** `/smartdata/ChartDialogs/{itemId}/{chartName}/{typeCode}/{chartId}/{itemName}`: the chart in a dialog over its list. */
export function chartDialogPath(item: ChartItemLink, chart: ChartLink): string {
  return `/smartdata/ChartDialogs/${item.id}/${seg(chart.name)}/${seg(chart.kind)}/${chart.id}/${seg(item.name)}`;
}

/** `/smartdata/chart/chartConfig/{itemId}/{chartId}/{itemName}/{id = item node}`: chartId 0 makes a new chart. */
export function chartConfigPath(item: ChartItemLink, chartId = 0): string {
  return `/smartdata/chart/chartConfig/${item.id}/${chartId}/${seg(item.name)}/${seg(item.nodeId, '0')}`;
}
