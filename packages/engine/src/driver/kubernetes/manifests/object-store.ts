/** Where CloudNativePG's Barman Cloud writes base backups and WAL: any S3-compatible store (AWS S3, MinIO, ...). */
export interface ObjectStoreConfig {
  /** `s3://bucket/prefix`; each Cluster writes below it in a folder named after itself. */
  destinationPath: string
  /** For stores other than AWS S3, e.g. `http://minio.pgfleet.svc:9000`. */
  endpointURL?: string
  /**
   * A Secret in the projects' namespace holding the access key pair. With a namespace per organization, `copyFrom`
   * names the namespace that keeps it: the driver copies it into each organization's namespace.
   */
  credentialsSecret: { name: string; accessKeyIdKey: string; secretAccessKeyKey: string; copyFrom?: string }
  /** How long backups and the WAL they need are kept, e.g. `30d` (CloudNativePG deletes older ones). */
  retentionPolicy?: string
}

export interface BarmanObjectStore {
  destinationPath: string
  endpointURL?: string
  serverName?: string
  s3Credentials: {
    accessKeyId: { name: string; key: string }
    secretAccessKey: { name: string; key: string }
  }
  wal: { compression: 'gzip' }
  data: { compression: 'gzip' }
}

/**
 * The `barmanObjectStore` stanza. gzip for both, as every Barman Cloud version supports it (backups then report
 * `gzip` like the local driver's). `serverName` picks another Cluster's folder when recovering from it.
 */
export function barmanObjectStore(store: ObjectStoreConfig, serverName?: string): BarmanObjectStore {
  const { name, accessKeyIdKey, secretAccessKeyKey } = store.credentialsSecret
  return {
    destinationPath: store.destinationPath,
    ...(store.endpointURL ? { endpointURL: store.endpointURL } : {}),
    ...(serverName ? { serverName } : {}),
    s3Credentials: {
      accessKeyId: { name, key: accessKeyIdKey },
      secretAccessKey: { name, key: secretAccessKeyKey },
    },
    wal: { compression: 'gzip' },
    data: { compression: 'gzip' },
  }
}
