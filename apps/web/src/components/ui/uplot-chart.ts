// Kit: what the back office's uPlot charts share (the dashboard's revenue, the profit and loss by month). Loaded
// only with a chart's own chunk: import it from a chart file, never from a page.
import { type RefObject, useEffect, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The axes' text: slate, small, no tick marks. */
export const CHART_AXIS = {
  stroke: '#64748b',
  font: '11px Inter, system-ui, sans-serif',
  ticks: { show: false },
} as const;

/** Splits for an axis of `count` buckets: as many labels as fit at `px` each, on whole buckets, the last one kept. */
export const bucketSplits = (count: number, px: number) => (u: uPlot) => {
  const step = Math.ceil(count / Math.max(1, Math.floor(u.width / px)));
  return Array.from({ length: count }, (_, i) => i).filter((i) => (count - 1 - i) % step === 0);
};

/**
 * Draws a uPlot chart into `box` and keeps it the box's width; `options` gets the hover setter for its setCursor
 * hook. Redrawn when `data` (the figures it is drawn from) changes; destroyed with the component. Returns the
 * bucket the pointer is on.
 */
export function useUPlot(
  box: RefObject<HTMLDivElement | null>,
  height: number,
  build: (onHover: (idx: number | null) => void) => {
    options: Omit<uPlot.Options, 'width' | 'height'>;
    data: uPlot.AlignedData;
  },
  data: unknown,
) {
  const [hover, setHover] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: build reads only data; the box and height are fixed
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { options, data } = build(setHover);
    const width = () => Math.max(el.clientWidth, 200);
    const plot = new uPlot({ ...options, width: width(), height }, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data]);
  return hover;
}
