export const PRODUCT_NAME = 'pgfleet'
/** API reference served by the platform (OpenAPI generated from the shared contracts). */
export const API_DOCS_URL = '/docs'
