import { ProjectGeneralSettings } from '../components/interfaces/ProjectSettings/ProjectGeneralSettings'

export default function ProjectSettingsGeneralRoute() {
  return <ProjectGeneralSettings />
}
