import { BackupsPage } from '../components/interfaces/Backups/BackupsPage'

export default function ProjectBackupsRoute() {
  return <BackupsPage />
}
