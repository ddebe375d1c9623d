/** A small inline SVG bar chart of clicks per day (no chart library). */
export function ClicksChart({ days }: { days: Array<{ day: string; clicks: number }> }) {
  if (days.length === 0) return <p className="text-sm text-slate-500">Nema klikova</p>;
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const total = days.reduce((sum, d) => sum + d.clicks, 0);
  const width = 720;
  const height = 240;
  const pad = { top: 16, right: 8, bottom: 32, left: 48 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const step = innerW / days.length;
  const barW = Math.max(1, step * 0.75);
  const label = (day: string) => `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.`;
  const tickEvery = Math.max(1, Math.ceil(days.length / 6));
  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Klikovi po danu: ukupno ${total} za ${days.length} dana, najviše ${max} u jednom danu`}
        className="h-auto w-full"
      >
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={pad.top + innerH}
          y2={pad.top + innerH}
          stroke="#cbd5e1"
        />
        <text x={pad.left - 6} y={pad.top + 6} textAnchor="end" fontSize="16" fill="#64748b">
          {max}
        </text>
        <text x={pad.left - 6} y={pad.top + innerH} textAnchor="end" fontSize="16" fill="#64748b">
          0
        </text>
        {days.map((d, i) => {
          const h = (d.clicks / max) * innerH;
          const x = pad.left + i * step + (step - barW) / 2;
          return (
            <g key={d.day}>
              <rect x={x} y={pad.top + innerH - h} width={barW} height={h} rx={1.5} fill="#2563eb">
                <title>{`${label(d.day)} ${d.day.slice(0, 4)}: ${d.clicks}`}</title>
              </rect>
              {i % tickEvery === 0 ? (
                <text x={x + barW / 2} y={height - 8} textAnchor="middle" fontSize="16" fill="#64748b">
                  {label(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">Klikovi po danu (vreme Njujorka)</figcaption>
    </figure>
  );
}

/** The same data as a table, for screen readers and exact numbers. */
export function ClicksTable({ days }: { days: Array<{ day: string; clicks: number }> }) {
  const withClicks = [...days].reverse();
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-slate-500">
          <th className="py-1 font-medium">Dan</th>
          <th className="py-1 text-right font-medium">Klikovi</th>
        </tr>
      </thead>
      <tbody>
        {withClicks.map((d) => (
          <tr key={d.day} className="border-t border-slate-100">
            <td className="py-1">{`${Number(d.day.slice(8, 10))}. ${Number(d.day.slice(5, 7))}. ${d.day.slice(0, 4)}.`}</td>
            <td className="py-1 text-right tabular-nums">{d.clicks}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
