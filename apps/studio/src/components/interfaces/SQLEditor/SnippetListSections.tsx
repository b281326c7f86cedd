import type { SnippetListItem } from './sql-editor.utils'

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-3" aria-label={title}>
      <h3 className="px-1 pb-1 text-[11px] font-semibold tracking-wide text-neutral-500 uppercase">{title}</h3>
      {children}
    </section>
  )
}

const ROW_CHUNK_SIZE = 50
const ROW_HEIGHT_PX = 28

/**
 * Rows in blocks of 50; a block out of view skips style, layout and paint (content-visibility), so a
 * thousand snippets cost typing next to them nothing. Blocks, not rows: each skipped box is watched by
 * the browser, and a thousand watchers would cost more than they save.
 */
export function RowChunks({
  items,
  render,
}: {
  items: readonly SnippetListItem[]
  render: (item: SnippetListItem) => React.ReactNode
}) {
  const chunks: SnippetListItem[][] = []
  for (let i = 0; i < items.length; i += ROW_CHUNK_SIZE) chunks.push(items.slice(i, i + ROW_CHUNK_SIZE))
  return chunks.map((chunk) => (
    <ul
      key={chunk[0]?.id}
      className="[content-visibility:auto]"
      style={{ containIntrinsicSize: `auto ${chunk.length * ROW_HEIGHT_PX}px` }}
    >
      {chunk.map(render)}
    </ul>
  ))
}
