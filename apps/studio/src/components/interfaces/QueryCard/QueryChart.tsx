import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { CHART_MAX_HEIGHT_PX } from './query-card.constants'
import type { ChartPoint } from './query-card.utils'

const COLOR = '#059669'

/** The chart of a query card (recharts, loaded with the first chart): bar by default, or line. */
export default function QueryChart({
  data,
  type,
  yLabel,
  showLabels,
  showGrid,
}: {
  data: ChartPoint[]
  type: 'bar' | 'line'
  yLabel: string
  showLabels: boolean
  showGrid: boolean
}) {
  const axes = (
    <>
      {showGrid && <CartesianGrid strokeDasharray="3 3" vertical={false} />}
      <XAxis dataKey="x" tick={{ fontSize: 11 }} minTickGap={8} />
      <YAxis tick={{ fontSize: 11 }} width={48} />
      <Tooltip formatter={(value) => [String(value), yLabel]} />
    </>
  )
  return (
    <div style={{ height: CHART_MAX_HEIGHT_PX }} data-testid="query-chart" data-chart-type={type}>
      <ResponsiveContainer width="100%" height="100%">
        {type === 'line' ? (
          <LineChart data={data} margin={{ top: 16, right: 8, left: 0, bottom: 0 }}>
            {axes}
            <Line dataKey="y" name={yLabel} stroke={COLOR} dot={false} isAnimationActive={false}>
              {showLabels && <LabelList dataKey="y" position="top" fontSize={10} />}
            </Line>
          </LineChart>
        ) : (
          <BarChart data={data} margin={{ top: 16, right: 8, left: 0, bottom: 0 }}>
            {axes}
            <Bar dataKey="y" name={yLabel} fill={COLOR} isAnimationActive={false}>
              {showLabels && <LabelList dataKey="y" position="top" fontSize={10} />}
            </Bar>
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  )
}
