import { AddonsPage } from '../components/interfaces/Addons/AddonsPage'

export default function ProjectAddonsRoute() {
  return <AddonsPage />
}
