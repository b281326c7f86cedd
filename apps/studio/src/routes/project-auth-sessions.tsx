import { SessionsPage } from '../components/interfaces/AuthSettings/SessionsPage'

export default function ProjectAuthSessionsRoute() {
  return <SessionsPage />
}
