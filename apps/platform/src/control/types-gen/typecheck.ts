import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import ts from 'typescript'

const repoRoot = path.resolve(import.meta.dirname, '../../../../..')

/**
 * Test support (typescript is a dev dependency). Type-checks TypeScript sources that import `./database` (the generated types) and `@supabase/supabase-js`,
 * as a strict project would, and returns the diagnostics per file. The files are written under the
 * repository's node_modules/.cache so the packages resolve; the directory is removed afterwards.
 */
export async function typecheckWithDatabase(
  databaseTypes: string,
  programs: Record<string, string>,
): Promise<Record<string, string[]>> {
  const cacheDir = path.join(repoRoot, 'node_modules', '.cache')
  await mkdir(cacheDir, { recursive: true })
  const dir = await mkdtemp(path.join(cacheDir, 'pgfleet-typecheck-'))
  try {
    await writeFile(path.join(dir, 'database.ts'), databaseTypes)
    const files = Object.keys(programs).map((name) => path.join(dir, name))
    for (const [name, text] of Object.entries(programs)) await writeFile(path.join(dir, name), text)
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    })
    const result: Record<string, string[]> = {}
    for (const name of ['database.ts', ...Object.keys(programs)]) {
      const source = program.getSourceFile(path.join(dir, name))
      const diagnostics = source ? ts.getPreEmitDiagnostics(program, source) : []
      result[name] = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    }
    return result
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
