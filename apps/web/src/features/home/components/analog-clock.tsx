import { clockHandAngles } from '@campus/domain/home/home-rules';

const size = 120;
const centre = size / 2;

/** One hand, drawn pointing at 12 and turned by its angle. */
function Hand({ name, angle, length, width }: { name: string; angle: number; length: number; width: number }) {
  return (
    <line
      data-hand={name}
      x1={centre}
      y1={centre + 8}
      x2={centre}
      y2={centre - length}
      stroke="currentColor"
      strokeWidth={width}
      strokeLinecap="round"
      transform={`rotate(${angle} ${centre} ${centre})`}
    />
  );
}

/** An analog clock face with hour, minute and second hands (spec part 1 §1). */
export function AnalogClock({ now, label }: { now: Date; label: string }) {
  const angles = clockHandAngles(now);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
      <circle cx={centre} cy={centre} r={centre - 3} fill="none" stroke="currentColor" strokeWidth={3} />
      {Array.from({ length: 12 }, (_, index) => (
        <line
          key={index}
          x1={centre}
          y1={10}
          x2={centre}
          y2={index % 3 === 0 ? 20 : 15}
          stroke="currentColor"
          strokeWidth={index % 3 === 0 ? 3 : 1.5}
          transform={`rotate(${index * 30} ${centre} ${centre})`}
        />
      ))}
      <Hand name="hour" angle={angles.hour} length={30} width={5} />
      <Hand name="minute" angle={angles.minute} length={44} width={3} />
      <g color="var(--mantine-color-red-8)">
        <Hand name="second" angle={angles.second} length={48} width={1.5} />
      </g>
      <circle cx={centre} cy={centre} r={4} fill="currentColor" />
    </svg>
  );
}
