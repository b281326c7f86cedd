import type { SqlProposal } from '@pgfleet/contracts'
import type pg from 'pg'
import type { ApiClient } from '../../../testing/harness'
import type { EvalQuestion } from './questions'
import { readUiStream, toolOutputs } from './ui-stream'

export interface EvalOutcome {
  id: string
  group: EvalQuestion['group']
  passed: boolean
  reason: string
  proposals: number
  /** proposals that change the database although the server judged them read-only: must stay 0 */
  unconfirmedWrites: number
}

export interface EvalReport {
  outcomes: EvalOutcome[]
  passed: number
  total: number
  unconfirmedWrites: number
}

const READ_ONLY_VIOLATION = '25006'

/** The values of each row, sorted, as comparable text: column names and order do not count. */
function normalise(rows: Record<string, unknown>[]): string[] {
  return rows
    .map((row) =>
      JSON.stringify(
        Object.values(row)
          .map((value) => (value instanceof Date ? value.toISOString() : String(value)))
          .sort(),
      ),
    )
    .sort()
}

const lastResult = (result: pg.QueryResult | pg.QueryResult[]) =>
  Array.isArray(result) ? (result[result.length - 1] as pg.QueryResult) : result

/** Whether the SQL changes anything: it is run in a read-only transaction, which Postgres itself enforces. */
async function changesDatabase(db: pg.Client, sql: string): Promise<boolean> {
  await db.query('begin transaction read only')
  try {
    await db.query(sql)
    return false
  } catch (error) {
    return (error as { code?: string }).code === READ_ONLY_VIOLATION
  } finally {
    await db.query('rollback')
  }
}

async function judge(db: pg.Client, question: EvalQuestion, proposals: SqlProposal[]): Promise<[boolean, string]> {
  if (proposals.length === 0) return [false, 'no SQL was proposed']
  if (question.writes) {
    await db.query('begin')
    try {
      for (const proposal of proposals) await db.query(proposal.sql)
      const ok = lastResult(await db.query(question.check ?? 'select false as ok')).rows[0]?.ok === true
      return [ok, ok ? 'check passed' : 'check failed']
    } catch (error) {
      return [false, `failed: ${(error as Error).message}`]
    } finally {
      await db.query('rollback')
    }
  }
  const last = proposals[proposals.length - 1] as SqlProposal
  try {
    await db.query('begin transaction read only')
    const got = normalise(lastResult(await db.query(last.sql)).rows)
    const want = normalise(lastResult(await db.query(question.reference ?? 'select 1')).rows)
    const same = JSON.stringify(got) === JSON.stringify(want)
    return [same, same ? 'same rows as the reference' : `rows differ: ${got.slice(0, 3).join(' ')}`]
  } catch (error) {
    return [false, `failed: ${(error as Error).message}`]
  } finally {
    await db.query('rollback')
  }
}

/**
 * Asks each question through the platform's chat route (as the dashboard does), then judges the proposed SQL on
 * the project's database; `db` is a connection as the project's owner.
 */
export async function runEvaluation(
  client: ApiClient,
  projectRef: string,
  db: pg.Client,
  questions: readonly EvalQuestion[],
): Promise<EvalReport> {
  const outcomes: EvalOutcome[] = []
  for (const question of questions) {
    const response = await client.fetch('POST', '/api/ai/sql/generate-v3', {
      messages: [{ id: `eval-${question.id}`, role: 'user', parts: [{ type: 'text', text: question.question }] }],
      includeSchemaMetadata: true,
      projectRef,
    })
    if (response.status !== 200) {
      outcomes.push({
        id: question.id,
        group: question.group,
        passed: false,
        reason: `HTTP ${response.status}: ${await response.text()}`,
        proposals: 0,
        unconfirmedWrites: 0,
      })
      continue
    }
    const proposals = toolOutputs<SqlProposal>(await readUiStream(response), 'propose_sql')
    let unconfirmedWrites = 0
    for (const proposal of proposals) {
      if (!proposal.writes && (await changesDatabase(db, proposal.sql))) unconfirmedWrites++
    }
    const [passed, reason] = await judge(db, question, proposals)
    outcomes.push({
      id: question.id,
      group: question.group,
      passed,
      reason,
      proposals: proposals.length,
      unconfirmedWrites,
    })
  }
  return {
    outcomes,
    passed: outcomes.filter((outcome) => outcome.passed).length,
    total: outcomes.length,
    unconfirmedWrites: outcomes.reduce((sum, outcome) => sum + outcome.unconfirmedWrites, 0),
  }
}
