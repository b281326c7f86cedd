import { type ToolSet, tool } from 'ai'
import { z } from 'zod'
import type { ProjectMetadataReader } from './metadata'
import { judgeFunctionProposal, judgeSqlProposal } from './proposals'

const SchemasInput = z.object({
  schemas: z.array(z.string().max(63)).max(50).optional().describe('Schemas to read; all shared schemas when left out'),
})

/** Errors reach the model as a tool result it can explain, not as a failed reply. */
async function answer<T>(read: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await read()
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/** Tools that only propose: the user decides, in the dashboard, whether anything runs or deploys. */
export function proposalTools(): ToolSet {
  return {
    propose_sql: tool({
      description:
        'Show the user one SQL statement (or a few that belong together) to run in their database. The user runs it; ' +
        'you never run it. For a read whose result makes a chart, set isChart with xAxis and yAxis column names.',
      inputSchema: z.object({
        sql: z.string().min(1).max(50_000),
        title: z.string().max(200).describe('A short title for the query'),
        isChart: z.boolean().optional(),
        xAxis: z.string().max(63).optional(),
        yAxis: z.string().max(63).optional(),
        runQuery: z.boolean().optional().describe('Run it at once when it only reads'),
      }),
      execute: (input) => judgeSqlProposal(input),
    }),
    propose_edge_function: tool({
      description:
        'Show the user an edge function (TypeScript for Deno, one file, using Deno.serve) they can deploy to the project.',
      inputSchema: z.object({
        name: z.string().min(1).max(63).describe('The function slug: letters, digits, dashes, underscores'),
        title: z.string().max(200).optional(),
        code: z.string().min(1).max(100_000),
      }),
      execute: async (input) => judgeFunctionProposal(input),
    }),
  }
}

/** Tools that read the shared schemas' metadata; only offered when metadata may be sent. */
export function metadataTools(reader: ProjectMetadataReader): ToolSet {
  return {
    list_schemas: tool({
      description: 'List the database schemas you may look at',
      inputSchema: z.object({}),
      execute: () => answer(() => reader.schemas()),
    }),
    list_tables: tool({
      description: 'List tables with their columns, primary keys and foreign keys',
      inputSchema: SchemasInput.extend({ includeColumns: z.boolean().optional() }),
      execute: ({ schemas, includeColumns }) => answer(() => reader.tables(schemas, includeColumns ?? true)),
    }),
    list_functions: tool({
      description: 'List database functions with their arguments and return types',
      inputSchema: SchemasInput,
      execute: ({ schemas }) => answer(() => reader.functions(schemas)),
    }),
    list_policies: tool({
      description: 'List row level security policies',
      inputSchema: SchemasInput,
      execute: ({ schemas }) => answer(() => reader.policies(schemas)),
    }),
    list_extensions: tool({
      description: 'List the installed Postgres extensions',
      inputSchema: z.object({}),
      execute: () => answer(() => reader.extensions()),
    }),
  }
}
