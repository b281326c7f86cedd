import { NotFoundPage } from '../components/interfaces/NotFound/NotFoundPage'

export default function NotFoundRoute() {
  return <NotFoundPage />
}
