import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** A bar chart (Mantine charts on recharts); loaded only by the Exam Reports screen, in its own chunk. */
export default function ReportBarChart({
  label,
  data,
  dataKey,
  series,
}: {
  /** What the chart shows, for screen readers (and the tests). */
  label: string;
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label?: string; color: string }[];
}) {
  return (
    <div role="img" aria-label={label}>
      <BarChart h={260} data={data} dataKey={dataKey} series={series} withLegend tickLine="y" />
    </div>
  );
}
