import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** A bar chart (Mantine charts on recharts); loaded only by the Exam Reports screen, in its own chunk. */
export default function ReportBarChart({
  data,
  dataKey,
  series,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label?: string; color: string }[];
}) {
  return <BarChart h={260} data={data} dataKey={dataKey} series={series} withLegend tickLine="y" />;
}
