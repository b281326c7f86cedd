// `npm start`: install what is missing, build the dashboard, then serve platform + dashboard on Node 24 when it is
// available (installed, or installable from the registry), else on the Node running this script.
import { spawn } from 'node:child_process'
import { ensureInstalled, repoRoot, run } from './ensure-install.mjs'
import { ensureNode24, envForNode } from './node-runtime.mjs'

ensureInstalled()
if (process.env.PGFLEET_SKIP_BUILD !== '1') {
  console.log('› building the dashboard…')
  run('npm', ['run', 'build', '--silent'])
}
const node24 = ensureNode24()
const node = node24.binary ?? process.execPath
if (node24.binary) {
  console.log(`› platform on Node ${node24.version}`)
} else {
  const endOfLife = Number(process.versions.node.split('.')[0]) <= 20 ? ', which is past its end of life' : ''
  console.log(
    `› Node 24 is not available (${node24.reason}): the platform runs on Node ${process.versions.node}${endOfLife}`,
  )
}
const server = spawn(node, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: envForNode(node),
})
// Every stop is forwarded to the server, which stops once however many signals arrive (the terminal's Ctrl+C and a
// service manager's group SIGTERM reach it directly too); this process stays until the server has finished.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal)
  })
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
