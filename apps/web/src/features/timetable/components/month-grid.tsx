import { monthNames, weekdayNames } from '@campus/domain/calendar/calendar';
import type { TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import { monthGrid, scheduleCountLabel } from '@campus/domain/timetable/timetable-rules';
import { Badge, Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { PeriodHeader, Shortened, useIsWide, visuallyHidden } from './calendar-parts.tsx';

/**
 * A month's 28–31 day cells are plain elements styled inline rather than Mantine's Text, Box and VisuallyHidden
 * (five components a cell): on a 4× slower CPU those renders were a good part of the month's first draw (issue 26).
 * The values are those components' own (Text size sm and xs, line height 1.2).
 */
const cellStyles = {
  day: { fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.2 },
  today: { fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.2, fontWeight: 700 },
  countWords: {
    fontSize: 'var(--mantine-font-size-xs)',
    lineHeight: 1.2,
    color: 'var(--cp-schedule-count)',
    textAlign: 'center',
  },
  countPill: {
    fontSize: 12,
    fontWeight: 700,
    lineHeight: '18px',
    padding: '0 5px',
    color: 'var(--cp-schedule-count)',
    background: 'var(--mantine-color-blue-light)',
    borderRadius: 9,
    minWidth: 18,
    textAlign: 'center',
  },
} satisfies Record<string, CSSProperties>;

/**
 * The month (spec part 2 §2.2), designed at 360 px first: a phone's day cell is ~45 px wide, so it shows the day, the
 * schedule count as a number and a red bar for a holiday, explained by a legend; the holiday's name shows in the
 * chosen day's panel. From the sm width up the cell has the words ('4 Schedules', 'Holiday'). Each cell's name says
 * it all to a screen reader either way.
 */
export function MonthGrid(props: {
  current: { year: number; month: number };
  byDate: Record<string, TimetableEntry[]>;
  holidays: Readonly<Record<string, string[]>>;
  today: string;
  selected: string | null;
  loading: boolean;
  canPrevious: boolean;
  canNext: boolean;
  onMove: (step: 1 | -1) => void;
  onSelect: (date: string) => void;
}) {
  const { current, byDate, holidays, today, selected } = props;
  const isWide = useIsWide();
  const weeks = monthGrid(current.year, current.month);
  const title = `${monthNames[current.month - 1]} ${current.year}`;
  return (
    <Paper withBorder p={{ base: 4, xs: 'sm' }} radius="md">
      <PeriodHeader
        unit="month"
        title={title}
        canPrevious={props.canPrevious}
        canNext={props.canNext}
        onMove={props.onMove}
      />
      <table style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }} aria-label={title}>
        <thead>
          <tr>
            {weekdayNames.map((name) => (
              <th key={name} scope="col" style={{ fontWeight: 500, fontSize: 12, padding: '4px 0' }}>
                {name.slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (!date) return <td key={column} />;
                const count = byDate[date]?.length ?? 0;
                const isToday = date === today;
                const isSelected = date === selected;
                const isHoliday = Boolean(holidays[date]);
                const label = scheduleCountLabel(count);
                const day = Number(date.slice(8));
                return (
                  <td key={date} style={{ padding: '1px 0', verticalAlign: 'top' }}>
                    <UnstyledButton
                      onClick={() => props.onSelect(date)}
                      aria-pressed={isSelected}
                      data-today={isToday || undefined}
                      data-holiday={isHoliday || undefined}
                      style={{
                        width: '100%',
                        minHeight: 56,
                        padding: '4px 2px',
                        borderRadius: 6,
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        gap: 2,
                        border: isToday
                          ? '2px solid var(--mantine-color-blue-6)'
                          : '1px solid var(--mantine-color-gray-3)',
                        // A holiday's red bar along the cell's foot: on a phone it is the only mark the cell has room for.
                        borderBottom: isHoliday ? '4px solid var(--mantine-color-red-7)' : undefined,
                        background: isSelected ? 'var(--cp-selected-day)' : undefined,
                      }}
                    >
                      <span style={isToday ? cellStyles.today : cellStyles.day}>{day}</span>
                      {/* Beside the number, not in it: the number's box is a finger wide, its name is long. */}
                      <span style={visuallyHidden}> {title},</span>
                      {count > 0 &&
                        (isWide ? (
                          <span style={cellStyles.countWords}>{label}</span>
                        ) : (
                          <span style={cellStyles.countPill}>
                            <Shortened short={String(count)} full={label} />
                          </span>
                        ))}
                      {isHoliday &&
                        (isWide ? (
                          <Badge size="xs" color="red.9" variant="filled">
                            Holiday
                          </Badge>
                        ) : (
                          <span style={visuallyHidden}>Holiday</span>
                        ))}
                    </UnstyledButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!isWide && (
        <Group gap="md" mt="xs" px={4} aria-hidden="true">
          <Group gap={6} wrap="nowrap">
            <Box
              component="span"
              fz={12}
              fw={700}
              lh="18px"
              px={5}
              c="var(--cp-schedule-count)"
              bg="var(--mantine-color-blue-light)"
              style={{ borderRadius: 9 }}
            >
              3
            </Box>
            <Text size="xs">schedules that day</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Box w={18} h={4} bg="var(--mantine-color-red-7)" />
            <Text size="xs">Holiday</Text>
          </Group>
        </Group>
      )}
    </Paper>
  );
}
