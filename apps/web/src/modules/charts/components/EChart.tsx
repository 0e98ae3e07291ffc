import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { isOnDarkScreen } from '@/shared/theme/darkScreen';
import { echarts } from '../lib/echarts';
import type { EChartOption } from '../lib/chartOption';

export interface EChartHandle {
  /** The chart as a PNG data URL (white background, twice the pixels). */
  toPng(): string | null;
}

interface EChartProps {
  option: EChartOption;
  height: number;
  ref?: Ref<EChartHandle>;
}

/** An ECharts canvas that follows its container's size. Loaded lazily (echarts is heavy). */
export default function EChart({ option, height, ref }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const darkTheme = useRef(false);

  useEffect(() => {
    // On a dark full-screen page (a board widget in the kiosk) with ECharts' dark theme.
    const dark = isOnDarkScreen(element.current!);
    darkTheme.current = dark;
    const instance = echarts.init(element.current!, dark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current!);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(darkTheme.current ? { backgroundColor: 'transparent', ...option } : option, true);
  }, [option]);

  useImperativeHandle(ref, () => ({
    toPng: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? null,
  }));

  return <div ref={element} className="sd-chart__canvas" style={{ height }} />;
}
