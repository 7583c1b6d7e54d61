import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** Width each category needs for its whole label ('16-09-2026' and its note) side by side with the next. */
const categoryWidth = 70;

/** A category's label under the axis, every one drawn, with its note (say 'Absent') on a line of its own. */
function CategoryTick({
  x,
  y,
  payload,
  notes,
}: {
  x?: number;
  y?: number;
  payload?: { value?: string | number };
  notes: Readonly<Record<string, string>>;
}) {
  const value = String(payload?.value ?? '');
  const note = notes[value];
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <text
        className="report-chart-category"
        dy={14}
        textAnchor="middle"
        fontSize={11}
        fill="var(--mantine-color-text)"
      >
        {value}
      </text>
      {note && (
        <text
          className="report-chart-note"
          dy={30}
          textAnchor="middle"
          fontSize={11}
          fontWeight={700}
          fill="var(--mantine-color-red-text)"
        >
          {note}
        </text>
      )}
    </g>
  );
}

/**
 * A bar chart (Mantine charts on recharts); loaded only by the Exam Reports screen, in its own chunk. Every category
 * is labelled (recharts would drop every other label when they crowd a phone's width): when they do not fit, the
 * chart scrolls sideways in its own box. `notes` adds a line under a category's label, so a bar that is absent
 * (an exam the student missed) says why instead of leaving an unexplained gap.
 */
export default function ReportBarChart({
  label,
  data,
  dataKey,
  series,
  notes = {},
}: {
  /** What the chart shows, for screen readers (and the tests). */
  label: string;
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label?: string; color: string }[];
  notes?: Readonly<Record<string, string>>;
}) {
  const hasNotes = Object.keys(notes).length > 0;
  return (
    // Focusable, so a keyboard can scroll it when it is wider than its box.
    <div role="img" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth: data.length * categoryWidth + 44 }}>
        <BarChart
          h={hasNotes ? 280 : 260}
          data={data}
          dataKey={dataKey}
          series={series}
          withLegend
          tickLine="y"
          xAxisProps={{
            interval: 0,
            height: hasNotes ? 44 : 28,
            tick: (props: object) => <CategoryTick {...props} notes={notes} />,
          }}
        />
      </div>
    </div>
  );
}
