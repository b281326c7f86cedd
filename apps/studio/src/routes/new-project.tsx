import { useParams } from 'react-router'
import { NewProjectForm } from '../components/interfaces/NewProject/NewProjectForm'

export default function NewProjectRoute() {
  const { slug } = useParams()
  return <NewProjectForm slug={slug} />
}
