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
// Ctrl+C reaches the server through the terminal's process group; forward other stops explicitly.
process.on('SIGTERM', () => server.kill('SIGTERM'))
process.on('SIGINT', () => {})
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
