import { ComingSoonPage } from '../components/interfaces/ComingSoon/ComingSoonPage'

export default function ComingSoonRoute() {
  return <ComingSoonPage />
}
