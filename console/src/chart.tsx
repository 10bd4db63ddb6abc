import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartDataset,
} from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const COLORS = ['#1f5fbf', '#f59e0b', '#067647', '#b42318'];

/**
 * A bar chart (Chart.js on a canvas). The canvas is labelled for screen readers; every chart on a
 * page sits beside a table with the same figures.
 */
export function BarChart({
  label,
  labels,
  series,
  unit,
}: {
  label: string;
  labels: string[];
  series: { name: string; values: (number | null)[] }[];
  unit?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const datasets: ChartDataset<'bar', (number | null)[]>[] = series.map((each, index) => ({
      label: each.name,
      data: each.values,
      backgroundColor: COLORS[index % COLORS.length],
    }));
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets },
      options: {
        animation: false,
        maintainAspectRatio: false,
        plugins: { legend: { display: series.length > 1 } },
        scales: { y: { beginAtZero: true, title: { display: Boolean(unit), text: unit ?? '' } } },
      },
    });
    return () => chart.destroy();
  }, [JSON.stringify([labels, series, unit])]);
  return (
    <div class="chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
