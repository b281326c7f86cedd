import { describe, expect, it } from 'vitest'
import { judgeFunctionProposal, judgeSqlProposal } from './proposals'

describe('judgeSqlProposal', () => {
  it('lets a plain read be charted and run', async () => {
    const proposal = await judgeSqlProposal({
      sql: 'select country, count(*) from customers group by country',
      isChart: true,
      xAxis: 'country',
      yAxis: 'count',
      runQuery: true,
    })
    expect(proposal).toMatchObject({ writes: false, parseError: null, isChart: true, runQuery: true })
  })

  it.each([
    'create table todos (id bigint primary key, task text)',
    'drop table todos',
    'delete from todos',
    'update todos set task = null',
    'with gone as (delete from todos returning *) select * from gone',
    'alter table todos enable row level security',
    'grant all on todos to anon',
  ])('judges %s as writing, whatever the model said', async (sql) => {
    const proposal = await judgeSqlProposal({ sql, runQuery: true, isChart: true, xAxis: 'a', yAxis: 'b' })
    expect(proposal).toMatchObject({ writes: true, runQuery: false, isChart: false })
  })

  it('reports SQL that does not parse, and treats it as writing', async () => {
    const proposal = await judgeSqlProposal({ sql: 'selec 1' })
    expect(proposal.writes).toBe(true)
    expect(proposal.parseError).toMatch(/syntax error/)
  })
})

describe('judgeFunctionProposal', () => {
  it('checks the function name as a deploy would', () => {
    expect(judgeFunctionProposal({ name: 'hello-world', code: 'Deno.serve(() => new Response("hi"))' }).valid).toBe(
      true,
    )
    expect(judgeFunctionProposal({ name: '../etc', code: '' })).toMatchObject({ valid: false })
  })
})
