import { buildManifest } from './manifest'
import type { Staging } from './staging'
import { TarArchiveWriter, type TarWriterOptions } from './tar-writer'
import { type ArchiveOptions, type ArchiveSource, type BackupManifest, MANIFEST_NAME, reportProgress } from './types'

export interface ArchiveStart {
  outFile: string
  source: ArchiveSource
  options: ArchiveOptions
  staging: Staging
  /** what tar leaves out, and whether files may change while it reads them */
  tar: Pick<TarWriterOptions, 'excludes' | 'unanchoredExcludes' | 'live'>
  /** bytes of the data directory without its WAL: progress is measured against it */
  size: number
  /** the share of the progress bar the data directory takes (the rest is WAL and the finish) */
  progressCap: number
  manifest: Pick<BackupManifest, 'kind' | 'created_at' | 'system_identifier' | 'checkpoint_lsn'>
  walSubdirectories: string[]
}

/**
 * What cold and online archives share at their start: the tar stream, the manifest staged next to an empty
 * pg_wal. A failure here aborts the stream, so the caller only owns a writer that started cleanly.
 */
export async function startArchive(
  start: ArchiveStart,
): Promise<{ writer: TarArchiveWriter; manifest: BackupManifest }> {
  const { source, options, staging, size, progressCap } = start
  const writer = await TarArchiveWriter.start({
    ...start.tar,
    outFile: start.outFile,
    runAs: source.runAs,
    compressionLevel: options.compressionLevel,
    onBytes: (bytes) => reportProgress(options.onProgress, 'archiving', Math.min(progressCap, bytes / size)),
  })
  try {
    const manifest = buildManifest({
      ...start.manifest,
      major: source.engine.major,
      version: source.engine.version,
      compression: writer.compression,
      size,
    })
    await staging.writeFile(MANIFEST_NAME, `${JSON.stringify(manifest, null, 2)}\n`)
    await staging.makeWalDir(start.walSubdirectories)
    return { writer, manifest }
  } catch (error) {
    await writer.abort()
    throw error
  }
}
