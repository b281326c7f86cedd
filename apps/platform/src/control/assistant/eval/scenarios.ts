import type { Scenario, ScriptedTurn } from '../../../testing/scripted-model-server'
import { offeredTools } from '../../../testing/scripted-model-server'
import { EVAL_QUESTIONS } from './questions'

/**
 * The scripted model's answers to the evaluation questions, the way a real model uses its tools: it looks at the
 * tables first when it may (list_tables), then proposes the SQL, then says a sentence.
 */
export function evalScenarios(): Scenario[] {
  return EVAL_QUESTIONS.map((question) => ({
    match: (_request, text) => text.trim() === question.question,
    turns: (request, index): ScriptedTurn => {
      const looksFirst = offeredTools(request).includes('list_tables')
      const steps: ScriptedTurn[] = [
        ...(looksFirst ? [{ toolCalls: [{ name: 'list_tables', arguments: { schemas: ['public'] } }] }] : []),
        { toolCalls: [{ name: 'propose_sql', arguments: { ...question.scripted } }] },
        { text: `Here is the SQL for: ${question.scripted.title}.` },
      ]
      return steps[index] ?? { text: 'Done.' }
    },
  }))
}
