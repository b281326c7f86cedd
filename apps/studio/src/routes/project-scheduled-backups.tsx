import { BackupsPage } from '../components/interfaces/Backups/BackupsPage'

export default function ProjectScheduledBackupsRoute() {
  return <BackupsPage scheduled />
}
