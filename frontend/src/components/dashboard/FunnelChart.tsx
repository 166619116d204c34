'use client';

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Funnel } from '@/lib/api/funnel';

/** The series drawn per day, in the funnel's order; the colours pass AA on both themes' cards. */
const SERIES = [
  { key: 'visitors', name: 'Visitors', color: '#4f46e5' },
  { key: 'conversations', name: 'Conversations', color: '#0e7490' },
  { key: 'answeredByAssistant', name: 'Answered by the assistant', color: '#15803d' },
  { key: 'handedOff', name: 'Handed off', color: '#b45309' },
  { key: 'orders', name: 'Orders', color: '#be123c' },
] as const;

/**
 * The funnel's daily chart (recharts). Its own module, loaded with next/dynamic by FunnelCard, so
 * the chart library is in the dashboard home's chunk only, never the landing page's.
 */
export default function FunnelChart({ days }: { days: Funnel['days'] }) {
  const data = days.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <div style={{ width: '100%', height: 260 }} data-testid="funnel-chart">
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="label" tick={{ fill: 'var(--text-muted)', fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: 'var(--text-muted)', fontSize: 12 }} />
          <Tooltip
            contentStyle={{
              background: 'var(--bg-elevated)',
              border: '1px solid var(--border)',
              color: 'var(--text)',
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              dot={days.length <= 31}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
