import { DatabaseTables } from '../components/interfaces/Database/DatabaseTables'

export default function DatabaseTablesRoute() {
  return <DatabaseTables />
}
