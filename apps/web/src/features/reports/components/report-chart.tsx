import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'chartist';
import 'chartist/dist/index.css';

/**
 * A chart drawn by Chartist (SVG; decision 043): stacked bars, horizontal or vertical, or lines. Only the reports'
 * screen imports this file, so only it loads the library. The chart is an image with a text name; the table
 * under it holds the same numbers for reading and for assistive technology.
 */
export interface ChartSeries {
  name: string;
  /** One of the report's colours: ontime, late, missed, overdue, rate, due. */
  tone: string;
  values: (number | null)[];
}

export function ReportChart({
  kind,
  labels,
  series,
  label,
  horizontal = false,
  height,
  percent = false,
}: {
  kind: 'bar' | 'line';
  labels: string[];
  series: ChartSeries[];
  /** The chart's accessible name (what it shows). */
  label: string;
  horizontal?: boolean;
  height: number;
  /** Values are rates from 0 to 1, shown as percentages. */
  percent?: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const data = {
      labels,
      series: series.map((entry) => ({
        name: entry.name,
        className: `report-series--${entry.tone}`,
        data: entry.values,
      })),
    };
    const axisLabel = percent ? (value: number) => `${Math.round(value * 100)}%` : undefined;
    // At most about twelve labels along a time axis: every n-th one beyond that.
    const every = Math.max(1, Math.ceil(labels.length / 12));
    const sparse = (value: string | number, index: number) => (index % every === 0 ? value : null);
    const chart =
      kind === 'bar'
        ? new BarChart(element.current, data, {
            stackBars: true,
            horizontalBars: horizontal,
            height,
            chartPadding: { left: horizontal ? 8 : 0, right: 16 },
            axisY: horizontal ? { offset: 140 } : { onlyInteger: true },
            axisX: horizontal ? { onlyInteger: true } : { labelInterpolationFnc: sparse },
          })
        : new LineChart(element.current, data, {
            height,
            low: percent ? 0 : undefined,
            high: percent ? 1 : undefined,
            fullWidth: true,
            lineSmooth: false,
            chartPadding: { right: 24 },
            axisX: { labelInterpolationFnc: sparse },
            axisY: axisLabel ? { labelInterpolationFnc: axisLabel } : { onlyInteger: true },
          });
    return () => {
      chart.detach();
    };
  }, [kind, labels, series, horizontal, height, percent]);
  return <div ref={element} className="report-chart" role="img" aria-label={label} dir="ltr" />;
}
