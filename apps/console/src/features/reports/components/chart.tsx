// One uPlot chart: categories along x (days or machines), a few series up y, as lines or bars.
// uPlot draws on a canvas; the numbers are in the reconciliation table below for screen readers.
import { type ReactNode, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = {
  label: string;
  values: Array<number | null>;
  color: string;
  /** a dashed reference line (the par sheet) rather than the measured value */
  reference?: boolean;
};

type Props = {
  title: string;
  categories: string[];
  series: ChartSeries[];
  kind: 'line' | 'bars';
  format: (value: number) => string;
  /** words under the plot: what a screen reader should hear of it */
  children?: ReactNode;
};

const axisStroke = '#b9afc7';
const grid = { stroke: '#3a3148', width: 1 };

function options(props: Props, width: number): uPlot.Options {
  const { categories, series, kind, format } = props;
  const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
  return {
    width,
    height: 240,
    // The legend names the series; the values are read in the table below, not by hovering.
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: [-0.5, categories.length - 0.5] },
      // Bars stand on zero, or they would lie about how the machines compare.
      y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: axisStroke,
        grid,
        splits: () => categories.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => categories[i] ?? ''),
      },
      { stroke: axisStroke, grid, size: 70, values: (_u, splits) => splits.map(format) },
    ],
    series: [
      { label: '', value: (_u, i) => (i === null ? '' : (categories[i] ?? '')) },
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
        ...(s.reference ? { dash: [6, 4] } : {}),
        ...(kind === 'bars' && !s.reference && bars ? { paths: bars, fill: `${s.color}99` } : {}),
        points: { show: kind === 'line' || s.reference === true },
      })),
    ],
  };
}

export function Chart({ title, categories, series, kind, format, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [categories.map((_, i) => i), ...series.map((s) => s.values)];
    const shape = { title, categories, series, kind, format };
    const plot = new uPlot(options(shape, element.clientWidth || 600), data, element);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: element.clientWidth, height: 240 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [title, categories, series, kind, format]);
  return (
    <figure className="card min-w-0">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div ref={box} role="img" aria-label={title} />
      {children}
    </figure>
  );
}
