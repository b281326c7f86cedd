import { evalScenarios } from '../control/assistant/eval/scenarios'
import type { ChatRequest, Scenario } from './scripted-model-server'

const requestText = (request: ChatRequest) => JSON.stringify(request.messages)

/** The text after `label` up to the next blank line of the completion prompt (see assistant/service.ts). */
function section(request: ChatRequest, label: string): string {
  const user = request.messages.find((message) => message.role === 'user')
  const text = typeof user?.content === 'string' ? user.content : ''
  const start = text.indexOf(`${label}\n`)
  if (start < 0) return ''
  const rest = text.slice(start + label.length + 1)
  const end = rest.indexOf('\n\n')
  return end < 0 ? rest : rest.slice(0, end)
}

/**
 * What the scripted model answers in the browser journeys: the evaluation questions, a chart, an edge function,
 * inline edits and titles.
 */
export function e2eModelScenarios(): Scenario[] {
  return [
    {
      match: (request) => requestText(request).includes('You name SQL snippets'),
      turns: [{ text: '{"title": "Weekly visits", "description": "Visits per weekday."}' }],
    },
    {
      // inline edit: the selection (or the whole text before the cursor) with a limit added
      match: (request) => requestText(request).includes('Instruction:'),
      turns: (request) => {
        const selection = section(request, 'Selected text:').trim()
        const base = selection || section(request, 'Text before the cursor:').trim() || 'select 1'
        return { text: `\`\`\`sql\n${base.replace(/;\s*$/, '')} limit 10;\n\`\`\`` }
      },
    },
    {
      match: 'chart',
      turns: [
        {
          toolCalls: [
            {
              name: 'propose_sql',
              arguments: {
                sql: "select * from (values ('Mon', 3), ('Tue', 5), ('Wed', 2)) as visits(day, visits)",
                title: 'Visits per day',
                isChart: true,
                xAxis: 'day',
                yAxis: 'visits',
                runQuery: true,
              },
            },
          ],
        },
        { text: 'Here is a chart of visits per day.' },
      ],
    },
    {
      match: 'edge function',
      turns: [
        {
          toolCalls: [
            {
              name: 'propose_edge_function',
              arguments: {
                name: 'hello-assistant',
                title: 'Hello from the assistant',
                code: "Deno.serve(() => new Response(JSON.stringify({ message: 'Hello from the assistant' }), { headers: { 'content-type': 'application/json' } }))\n",
              },
            },
          ],
        },
        { text: 'Deploy it with the button above.' },
      ],
    },
    ...evalScenarios(),
  ]
}
