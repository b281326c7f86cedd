/** The data API's entry points for the rest of the platform. */
export { describeProject, handleRestRequest } from './handler'
export { buildOpenApi, type OpenApiOptions } from './openapi'
export { RestPools } from './project-databases'
export { loadSchemaCache, SchemaCache } from './schema-cache'
