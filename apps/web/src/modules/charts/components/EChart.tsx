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

  useEffect(() => {
    // On a dark full-screen page (a board widget in the kiosk) with ECharts' dark theme.
    const instance = echarts.init(element.current, isOnDarkScreen(element.current!) ? 'dark' : undefined, { renderer: 'canvas' });
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
    // Transparent: the dark theme would paint its own background over the page's.
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);

  useImperativeHandle(ref, () => ({
    toPng: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? null,
  }));

  return <div ref={element} className="sd-chart__canvas" style={{ height }} />;
}
