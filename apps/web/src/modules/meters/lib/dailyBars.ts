/** ECharts option of a month's daily consumption: one bar a day; a gap (or a day not begun) has no bar. */
export interface DailyBar {
  /** Day of the month, 1–31. */
  day: number;
  value: number | null;
  gap: boolean;
}

export function dailyBarsOption(days: readonly DailyBar[], texts: { unit: string; gap: string; notYet: string }, compact = false): Record<string, unknown> {
  return {
    animation: false,
    grid: { left: compact ? 8 : 16, right: compact ? 8 : 16, top: 32, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: Array<{ dataIndex: number }>) => {
        const entry = days[params[0]?.dataIndex ?? -1];
        if (!entry) {
          return '';
        }
        const value = entry.value === null ? (entry.gap ? texts.gap : texts.notYet) : `${entry.value} ${texts.unit}`;
        return `${entry.day}: ${value}`;
      },
    },
    xAxis: { type: 'category', data: days.map((d) => String(d.day)), axisTick: { alignWithLabel: true }, axisLabel: { interval: compact ? 4 : 0 } },
    yAxis: { type: 'value', name: texts.unit, nameTextStyle: { align: 'left' }, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      {
        type: 'bar',
        name: texts.unit,
        barMaxWidth: 28,
        itemStyle: { color: '#1668dc', borderRadius: [3, 3, 0, 0] },
        // null: ECharts draws nothing there — a gap stays a gap.
        data: days.map((d) => d.value),
      },
    ],
  };
}

/** Days of a month that had no reading, as `3, 5–7, 12`. */
export function gapDaysText(days: readonly DailyBar[]): string {
  const gaps = days.filter((d) => d.gap).map((d) => d.day);
  const runs: string[] = [];
  for (let i = 0; i < gaps.length; ) {
    let j = i;
    while (j + 1 < gaps.length && gaps[j + 1] === gaps[j] + 1) {
      j += 1;
    }
    runs.push(i === j ? String(gaps[i]) : `${gaps[i]}–${gaps[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}
