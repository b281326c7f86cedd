import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { USAGE_BUDGET_LABEL } from './usage.constants'
import type { UsagePoint } from './usage.utils'

/** One metric over time (recharts, loaded with the usage page's first chart). */
export default function UsageChart({
  data,
  metric,
  unit,
  budget,
}: {
  data: UsagePoint[]
  metric: 'cpu' | 'memory' | 'diskIo' | 'disk'
  unit: string
  budget?: number
}) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e5e5" />
        <XAxis dataKey="at" tick={{ fontSize: 11 }} minTickGap={40} />
        <YAxis tick={{ fontSize: 11 }} width={48} />
        <Tooltip formatter={(value) => [`${value} ${unit}`]} />
        {budget !== undefined && (
          <ReferenceLine
            y={budget}
            stroke="#dc2626"
            strokeDasharray="4 4"
            label={{ value: USAGE_BUDGET_LABEL, fontSize: 11 }}
          />
        )}
        <Line
          type="monotone"
          dataKey={metric}
          stroke="#059669"
          dot={false}
          isAnimationActive={false}
          connectNulls={false}
        />
      </LineChart>
    </ResponsiveContainer>
  )
}
