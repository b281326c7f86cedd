import { TemplatesPage } from '../components/interfaces/AuthSettings/TemplatesPage'

export default function ProjectAuthTemplatesRoute() {
  return <TemplatesPage />
}
