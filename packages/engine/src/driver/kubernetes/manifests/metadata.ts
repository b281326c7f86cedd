/** The metadata every manifest carries. */
export interface Metadata {
  name: string
  namespace: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
}

export interface SecretManifest {
  apiVersion: 'v1'
  kind: 'Secret'
  metadata: Metadata
  type: string
  stringData: Record<string, string>
}
