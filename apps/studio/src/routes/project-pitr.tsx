import { PitrPage } from '../components/interfaces/PointInTime/PitrPage'

export default function ProjectPitrRoute() {
  return <PitrPage />
}
