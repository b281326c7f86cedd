/** One chunk of the AI SDK's UI message stream, as the dashboard receives it. */
export interface UiStreamChunk {
  type: string
  toolCallId?: string
  toolName?: string
  input?: unknown
  output?: unknown
  delta?: string
  errorText?: string
}

/** Reads a UI message stream (server-sent events) to its end. */
export async function readUiStream(response: Response): Promise<UiStreamChunk[]> {
  const text = await response.text()
  const chunks: UiStreamChunk[] = []
  for (const event of text.split('\n\n')) {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\n')
    if (!data || data === '[DONE]') continue
    chunks.push(JSON.parse(data) as UiStreamChunk)
  }
  return chunks
}

/** The outputs of the tool calls to `toolName`, in order. */
export function toolOutputs<T>(chunks: UiStreamChunk[], toolName: string): T[] {
  const names = new Map<string, string>()
  const outputs: T[] = []
  for (const chunk of chunks) {
    if (chunk.toolCallId && chunk.toolName) names.set(chunk.toolCallId, chunk.toolName)
    if (chunk.type === 'tool-output-available' && chunk.toolCallId && names.get(chunk.toolCallId) === toolName) {
      outputs.push(chunk.output as T)
    }
  }
  return outputs
}

export const streamedText = (chunks: UiStreamChunk[]): string =>
  chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta ?? '')
    .join('')
