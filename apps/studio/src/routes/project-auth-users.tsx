import { UsersPage } from '../components/interfaces/AuthUsers/UsersPage'

export default function ProjectAuthUsersRoute() {
  return <UsersPage />
}
