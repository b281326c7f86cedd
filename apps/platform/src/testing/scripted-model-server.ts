import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A test double for an OpenAI-compatible model server: POST /v1/chat/completions over the real wire protocol,
 * streamed (server-sent `chat.completion.chunk` events, tool calls in pieces, usage, `[DONE]`) or not. What it
 * answers comes from scenarios matched against the conversation; every request is recorded so tests can check
 * what left the platform.
 */

export interface ScriptedToolCall {
  name: string
  arguments: Record<string, unknown>
}

/** One model turn: text, tool calls, or both. */
export interface ScriptedTurn {
  text?: string
  toolCalls?: ScriptedToolCall[]
}

export interface ChatRequest {
  model: string
  stream?: boolean
  messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[]
  tools?: { type: string; function: { name: string } }[]
}

export interface Scenario {
  /** a word or phrase of the latest user message (case-insensitive), or a predicate */
  match: string | ((request: ChatRequest, lastUserText: string) => boolean)
  /** the turns, in order: the first answers the user's message, the next answers the first turn's tool results */
  turns: ScriptedTurn[] | ((request: ChatRequest, turnIndex: number) => ScriptedTurn)
}

export interface ScriptedModelServer {
  url: string
  /** base URL to configure as OPENAI_BASE_URL */
  baseUrl: string
  requests: ChatRequest[]
  /** scenarios tried before the built-in ones */
  scenarios: Scenario[]
  /** the key requests must carry; others get a 401 */
  apiKey: string
  /** a delay before each streamed chunk, in ms */
  chunkDelayMs: number
  close(): Promise<void>
}

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('')
  }
  return ''
}

export function lastUserText(request: ChatRequest): string {
  const user = [...request.messages].reverse().find((message) => message.role === 'user')
  return textOf(user?.content)
}

/** How many assistant turns came after the latest user message: which turn of a scenario is due. */
export function turnIndex(request: ChatRequest): number {
  const lastUser = request.messages.map((message) => message.role).lastIndexOf('user')
  return request.messages.slice(lastUser + 1).filter((message) => message.role === 'assistant').length
}

export const offeredTools = (request: ChatRequest): string[] => (request.tools ?? []).map((tool) => tool.function.name)

function pick(scenarios: Scenario[], request: ChatRequest): ScriptedTurn {
  const text = lastUserText(request)
  const index = turnIndex(request)
  for (const scenario of scenarios) {
    const matches =
      typeof scenario.match === 'string'
        ? text.toLowerCase().includes(scenario.match.toLowerCase())
        : scenario.match(request, text)
    if (!matches) continue
    if (typeof scenario.turns === 'function') return scenario.turns(request, index)
    return scenario.turns[index] ?? { text: 'Done.' }
  }
  return { text: `I can help with SQL for your database. You asked: ${text.slice(0, 200)}` }
}

/** Splits text into small pieces, as a model streams tokens. */
const pieces = (text: string, size: number): string[] => {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

export async function startScriptedModelServer(
  options: { apiKey?: string; port?: number; scenarios?: Scenario[]; builtIn?: Scenario[] } = {},
): Promise<ScriptedModelServer> {
  const requests: ChatRequest[] = []
  const state: ScriptedModelServer = {
    url: '',
    baseUrl: '',
    requests,
    scenarios: options.scenarios ?? [],
    apiKey: options.apiKey ?? 'scripted-test-key',
    chunkDelayMs: 0,
    close: async () => {},
  }
  const builtIn = options.builtIn ?? []

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void answer(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }))
      })
    })
  })

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'scripted-model', object: 'model' }] }))
      return
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({ error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' } }),
      )
      return
    }
    if (req.headers.authorization !== `Bearer ${state.apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        }),
      )
      return
    }
    const request = JSON.parse(raw) as ChatRequest
    requests.push(request)
    const turn = pick([...state.scenarios, ...builtIn], request)
    const id = `chatcmpl-${randomUUID()}`
    const created = Math.floor(Date.now() / 1000)
    const finishReason = turn.toolCalls?.length ? 'tool_calls' : 'stop'
    const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({
      index,
      id: `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }))
    const usage = { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: 10, total_tokens: 10 }

    if (!request.stream) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: turn.text ?? null,
                ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _index, ...call }) => call) } : {}),
              },
              finish_reason: finishReason,
            },
          ],
          usage,
        }),
      )
      return
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    const send = async (payload: unknown) => {
      if (state.chunkDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.chunkDelayMs))
      res.write(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`)
    }
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: request.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    })
    await send(chunk({ role: 'assistant', content: '' }))
    for (const piece of pieces(turn.text ?? '', 8)) await send(chunk({ content: piece }))
    for (const call of toolCalls) {
      await send(
        chunk({
          tool_calls: [
            { index: call.index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
          ],
        }),
      )
      for (const piece of pieces(call.function.arguments, 40)) {
        await send(chunk({ tool_calls: [{ index: call.index, function: { arguments: piece } }] }))
      }
    }
    await send(chunk({}, finishReason))
    await send({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })
    await send('[DONE]')
    res.end()
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  state.url = `http://127.0.0.1:${port}`
  state.baseUrl = `${state.url}/v1`
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return state
}
