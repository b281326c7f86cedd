import { open } from 'node:fs/promises'

/** Written into the log before each start, so an error shows only what the failed start logged. */
export const START_MARKER = '--- pgfleet: starting postgres'
const TAIL_BYTES = 16_384

/** The last `lines` lines of the log written since the last start marker. */
export async function readLogTail(file: string, lines = 20): Promise<string> {
  const handle = await open(file, 'r').catch(() => null)
  if (!handle) return ''
  try {
    const { size } = await handle.stat()
    const length = Math.min(size, TAIL_BYTES)
    const buffer = Buffer.alloc(length)
    await handle.read(buffer, 0, length, size - length)
    let text = buffer.toString('utf8')
    const marker = text.lastIndexOf(START_MARKER)
    if (marker >= 0) text = text.slice(text.indexOf('\n', marker) + 1)
    return text.trimEnd().split('\n').slice(-lines).join('\n')
  } finally {
    await handle.close()
  }
}
