// Removes the OS users of every project under a platform's DATA/projects (after a test run threw it away).
// Run: node --import tsx scripts/remove-project-users.ts DATA/projects
import { removeProjectUsers } from '@pgfleet/engine'

const projectsDir = process.argv[2]
if (!projectsDir) {
  console.error('usage: remove-project-users.ts DATA/projects')
  process.exit(2)
}
await removeProjectUsers(projectsDir)
