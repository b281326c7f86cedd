// `npm run floor-plan`: the platform's and the engine's structure measured from their imports, to compare a refactor's
// before and after. Tests and their helpers (testing.ts, testing/, eval/) are left out: they reach across on purpose.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const platformSrc = path.join(repoRoot, 'apps/platform/src')
const engineSrc = path.join(repoRoot, 'packages/engine/src')
const driverDir = path.join(engineSrc, 'driver')
const connectionOwner = path.join(platformSrc, 'connections')
const routeHandlers = path.join(platformSrc, 'routes')
/** the lifecycle jobs (create, pause, restore, resize, restart, delete; upgrade has its own room) */
const lifecycleJobs = [path.join(platformSrc, 'control/projects/jobs'), path.join(platformSrc, 'control/upgrade')]
/** what the jobs must reach only through the lifecycle hooks: every service, and the control plane's own features */
const HOOKED_FOLDERS = ['services', 'control/branching', 'control/backups', 'control/usage']
/** the two homes whose rooms are measured too: a cycle between two rooms of one home is still a cycle */
const HOMES = ['control', 'services']

const rel = (file) => path.relative(repoRoot, file)
const isTest = (file) => /\.test\.tsx?$/.test(file) || /^testing\.tsx?$/.test(path.basename(file))
const TEST_FOLDERS = new Set(['testing', 'eval'])
const within = (dir, file) => file === dir || file.startsWith(`${dir}${path.sep}`)

function sourceFiles(dir) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const isSource = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name)
    if (entry.isDirectory() && !TEST_FOLDERS.has(entry.name)) files.push(...sourceFiles(full))
    else if (entry.isFile() && isSource) files.push(full)
  }
  return files.sort()
}

/** A relative specifier resolved to a file of the set, the way the bundler-style resolution finds it. */
function resolveImport(fromFile, specifier, known) {
  if (!specifier.startsWith('.')) return null
  const base = path.resolve(path.dirname(fromFile), specifier)
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]
  return candidates.find((candidate) => known.has(candidate)) ?? null
}

/** Every file's imports within the set (type-only and dynamic ones included: they tie the structure too). */
function importGraph(files) {
  const known = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = info.importedFiles.map((ref) => resolveImport(file, ref.fileName, known)).filter(Boolean)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Tarjan's strongly connected components; only those with more than one node are cycles. */
function cycles(graph) {
  let index = 0
  const indexOf = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  const visit = (node) => {
    indexOf.set(node, index)
    low.set(node, index)
    index++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)))
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node)
  return found
}

/** The top-level folder a file of apps/platform/src sits in; null for the files at its root. */
function topFolder(file) {
  const parts = path.relative(platformSrc, file).split(path.sep)
  return parts.length > 1 ? parts[0] : null
}

/** The room (`control/projects`) a file of one of the two homes sits in; null elsewhere and for a home's own files. */
function room(file) {
  const parts = path.relative(platformSrc, file).split(path.sep)
  return HOMES.includes(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : null
}

function folderGraph(fileGraph, folderOf = topFolder) {
  const graph = new Map()
  const examples = new Map()
  for (const [file, targets] of fileGraph) {
    const from = folderOf(file)
    if (from === null) continue
    if (!graph.has(from)) graph.set(from, new Set())
    for (const target of targets) {
      const to = folderOf(target)
      if (to === null || to === from) continue
      graph.get(from).add(to)
      const key = `${from} -> ${to}`
      if (!examples.has(key)) examples.set(key, `${rel(file)} -> ${rel(target)}`)
    }
  }
  return { graph: new Map([...graph].map(([folder, targets]) => [folder, [...targets].sort()])), examples }
}

/** The longest chain of folders, each importing the next, once every cycle is taken as one floor. */
function floors(graph, components) {
  const componentOf = new Map()
  for (const [i, component] of components.entries()) for (const folder of component) componentOf.set(folder, `c${i}`)
  const node = (folder) => componentOf.get(folder) ?? folder
  const condensed = new Map()
  for (const [from, targets] of graph) {
    if (!condensed.has(node(from))) condensed.set(node(from), new Set())
    for (const to of targets) if (node(to) !== node(from)) condensed.get(node(from)).add(node(to))
  }
  const depth = new Map()
  const depthOf = (n) => {
    if (!depth.has(n)) depth.set(n, 1 + Math.max(0, ...[...(condensed.get(n) ?? [])].map(depthOf)))
    return depth.get(n)
  }
  return Math.max(0, ...[...condensed.keys()].map(depthOf))
}

function parsed(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
}

/** Calls and `new` expressions matching `matches`, per file (comments and strings do not count). */
function countExpressions(files, matches) {
  const counts = []
  for (const file of files) {
    let count = 0
    const walk = (node) => {
      if (matches(node)) count++
      ts.forEachChild(node, walk)
    }
    walk(parsed(file))
    if (count > 0) counts.push([rel(file), count])
  }
  return counts
}

const isParseInputCall = (node) =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'parseInput'
const isNewPgClient = (node) =>
  ts.isNewExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.getText() === 'pg.Client'

/** ProjectDriver's members, inherited ones included, as the type checker sees the interface. */
function driverMembers(files) {
  const declaring = files.filter((file) => /(interface|type) ProjectDriver\b/.test(readFileSync(file, 'utf8')))
  const program = ts.createProgram(declaring, {
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  })
  const checker = program.getTypeChecker()
  for (const file of declaring) {
    const source = program.getSourceFile(file)
    for (const statement of source?.statements ?? []) {
      const named = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)
      if (!named || statement.name.text !== 'ProjectDriver') continue
      const type = checker.getTypeAtLocation(statement.name)
      const parents = ts.isInterfaceDeclaration(statement)
        ? (statement.heritageClauses ?? []).flatMap((clause) => clause.types)
        : []
      const concerns = parents.map(
        (parent) =>
          `${parent.expression.getText()} ${checker.getPropertiesOfType(checker.getTypeAtLocation(parent)).length}`,
      )
      return { file: rel(file), count: checker.getPropertiesOfType(type).length, concerns }
    }
  }
  return null
}

const sum = (counts) => counts.reduce((total, [, count]) => total + count, 0)
const list = (items, indent = '    ') => {
  if (items.length > 0) console.log(items.map((item) => `${indent}${item}`).join('\n'))
}

const platformFiles = sourceFiles(platformSrc)
const engineFiles = sourceFiles(engineSrc)
const platformGraph = importGraph(platformFiles)
const topFolders = readdirSync(platformSrc, { withFileTypes: true }).filter((entry) => entry.isDirectory())

console.log('pgfleet floor plan (tests and test helpers left out)\n')
console.log('apps/platform/src')
console.log(`  top-level folders: ${topFolders.length}`)

const reparses = countExpressions(
  platformFiles.filter((file) => within(routeHandlers, file)),
  isParseInputCall,
)
const otherParses = countExpressions(
  platformFiles.filter((file) => !within(routeHandlers, file)),
  isParseInputCall,
)
console.log(`  parseInput( calls in route handlers (request re-parses): ${sum(reparses)} in ${reparses.length} files`)
list(otherParses.map(([file, count]) => `elsewhere: ${file}: ${count}`))

const clients = countExpressions(
  platformFiles.filter((file) => !within(connectionOwner, file)),
  isNewPgClient,
)
console.log(`  new pg.Client( outside apps/platform/src/connections: ${sum(clients)}`)
list(clients.map(([file, count]) => `${file}: ${count}`))

const jobImports = [...platformGraph]
  .filter(([file]) => lifecycleJobs.some((dir) => within(dir, file)))
  .flatMap(([file, targets]) => targets.map((target) => [file, target]))
  .filter(([, target]) => HOOKED_FOLDERS.some((folder) => within(path.join(platformSrc, folder), target)))
console.log(
  `  imports from the lifecycle jobs into what they reach through hooks (${HOOKED_FOLDERS.join(', ')}): ${jobImports.length}`,
)
list(jobImports.map(([file, target]) => `${rel(file)} -> ${rel(target)}`))

/** Prints each cycle of a folder graph with the imports that close it. */
function printCycles(folderCycles, folders, examples) {
  for (const component of folderCycles) {
    const members = new Set(component)
    const edges = component.flatMap((from) =>
      folders
        .get(from)
        .filter((to) => members.has(to))
        .map((to) => examples.get(`${from} -> ${to}`)),
    )
    console.log(`    ${component.length} folders: ${component.join(', ')}`)
    console.log(`    ${edges.length} folder-to-folder imports inside it, e.g.:`)
    list(edges.slice(0, 20), '      ')
  }
}

const { graph: folders, examples } = folderGraph(platformGraph)
const folderCycles = cycles(folders)
console.log(`  import cycles between top-level folders: ${folderCycles.length} (files at the root left out)`)
printCycles(folderCycles, folders, examples)
const rooms = folderGraph(platformGraph, room)
const roomCycles = cycles(rooms.graph)
console.log(`  import cycles between the rooms of ${HOMES.join(' and ')}: ${roomCycles.length}`)
printCycles(roomCycles, rooms.graph, rooms.examples)
console.log(`  floors (longest chain of folder imports, each cycle counted as one): ${floors(folders, folderCycles)}`)

console.log('\npackages/engine/src/driver')
const driverFiles = engineFiles.filter((file) => within(driverDir, file))
const driverCycles = cycles(importGraph(driverFiles))
console.log(`  file-level import cycles: ${driverCycles.length}`)
for (const component of driverCycles) console.log(`    ${component.map(rel).join(', ')}`)
const members = driverMembers(driverFiles)
console.log(`  ProjectDriver members: ${members ? `${members.count} (${members.file})` : 'not found'}`)
if (members?.concerns.length) console.log(`    by concern: ${members.concerns.join(', ')}`)
