// `npm start`: install what is missing, build the dashboard, then serve platform + dashboard.
import { spawn } from 'node:child_process'
import { ensureInstalled, repoRoot, run } from './ensure-install.mjs'

ensureInstalled()
if (process.env.PGFLEET_SKIP_BUILD !== '1') {
  console.log('› building the dashboard…')
  run('npm', ['run', 'build', '--silent'])
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
})
// Every stop is forwarded to the server, which stops once however many signals arrive (the terminal's Ctrl+C and a
// service manager's group SIGTERM reach it directly too); this process stays until the server has finished.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal)
  })
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
