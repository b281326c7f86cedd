import { ComputeAndDiskPage } from '../components/interfaces/ComputeAndDisk/ComputeAndDiskPage'

export default function ProjectComputeAndDiskRoute() {
  return <ComputeAndDiskPage />
}
