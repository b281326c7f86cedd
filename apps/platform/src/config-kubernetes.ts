import { z } from 'zod'

/** The settings of the `kubernetes` driver (PGFLEET_DRIVER=kubernetes): part of the platform's configuration. */
export const KubernetesEnvShape = {
  PGFLEET_K8S_KUBECONFIG: z.string().optional(),
  KUBECONFIG: z.string().optional(),
  PGFLEET_K8S_NAMESPACE: z.string().optional(),
  PGFLEET_K8S_NAMESPACE_PREFIX: z.string().default('pgfleet-org-'),
  PGFLEET_K8S_IMAGE_CATALOG: z
    .string()
    .regex(
      /^(ImageCatalog|ClusterImageCatalog)\/[a-z0-9][a-z0-9.-]*$/,
      'PGFLEET_K8S_IMAGE_CATALOG must look like ClusterImageCatalog/postgresql',
    )
    .default('ClusterImageCatalog/postgresql'),
  PGFLEET_K8S_INSTANCES: z.coerce.number().int().min(1).max(9).default(1),
  PGFLEET_K8S_CONNECTION_HOST: z
    .string()
    .regex(
      /^(?:[a-z0-9-]|\{ref\}|\{namespace\})+(?:\.(?:[a-z0-9-]|\{ref\}|\{namespace\})+)*$/,
      'PGFLEET_K8S_CONNECTION_HOST must be a host name, with {ref} and {namespace} as the only placeholders',
    )
    .or(z.literal(''))
    .optional(),
  PGFLEET_K8S_CONNECTION_PORT: z.coerce.number().int().min(1).max(65535).default(5432),
  PGFLEET_K8S_STORAGE_CLASS: z.string().optional(),
  PGFLEET_K8S_BACKUP_DESTINATION: z
    .string()
    .regex(/^s3:\/\/[^/]+/, 'PGFLEET_K8S_BACKUP_DESTINATION must look like s3://bucket/prefix')
    .optional(),
  PGFLEET_K8S_BACKUP_ENDPOINT: z.string().url().or(z.literal('')).optional(),
  PGFLEET_K8S_BACKUP_SECRET: z.string().default('pgfleet-backup-store'),
  PGFLEET_K8S_BACKUP_SECRET_NAMESPACE: z.string().optional(),
  PGFLEET_K8S_BACKUP_RETENTION: z
    .string()
    .regex(/^\d+[dwm]$/, 'PGFLEET_K8S_BACKUP_RETENTION must look like 30d, 4w or 3m')
    .default('30d'),
}

type KubernetesEnv = z.infer<z.ZodObject<typeof KubernetesEnvShape>>

export interface KubernetesConfig {
  /** a kubeconfig file; unset: the pod's service account when in a cluster, else ~/.kube/config */
  kubeconfigPath: string | undefined
  /** one namespace for every project; unset: one per organization, `{namespacePrefix}{organization id}` */
  namespace: string | undefined
  namespacePrefix: string
  imageCatalog: { kind: 'ImageCatalog' | 'ClusterImageCatalog'; name: string }
  instances: number
  storageClass: string | undefined
  /**
   * the host (with `{ref}` and `{namespace}`) and port in tenants' connection strings, for clients outside the
   * cluster; unset: the Pooler's Service, `{ref}-pooler.{namespace}.svc:5432`
   */
  connection: { host: string; port: number } | undefined
  /** Barman Cloud's object store; without it projects have no backups, pause or point-in-time recovery */
  backup:
    | {
        destinationPath: string
        endpointURL: string | undefined
        secretName: string
        /** With a namespace per organization: where the Secret is kept, to be copied into each new namespace. */
        secretNamespace: string | undefined
        retentionPolicy: string
      }
    | undefined
}

export function kubernetesConfig(e: KubernetesEnv): KubernetesConfig {
  const [kind, name] = e.PGFLEET_K8S_IMAGE_CATALOG.split('/') as ['ImageCatalog' | 'ClusterImageCatalog', string]
  return {
    kubeconfigPath: e.PGFLEET_K8S_KUBECONFIG || e.KUBECONFIG || undefined,
    namespace: e.PGFLEET_K8S_NAMESPACE || undefined,
    namespacePrefix: e.PGFLEET_K8S_NAMESPACE_PREFIX,
    imageCatalog: { kind, name },
    instances: e.PGFLEET_K8S_INSTANCES,
    storageClass: e.PGFLEET_K8S_STORAGE_CLASS || undefined,
    connection: e.PGFLEET_K8S_CONNECTION_HOST
      ? { host: e.PGFLEET_K8S_CONNECTION_HOST, port: e.PGFLEET_K8S_CONNECTION_PORT }
      : undefined,
    backup: e.PGFLEET_K8S_BACKUP_DESTINATION
      ? {
          destinationPath: e.PGFLEET_K8S_BACKUP_DESTINATION,
          endpointURL: e.PGFLEET_K8S_BACKUP_ENDPOINT || undefined,
          secretName: e.PGFLEET_K8S_BACKUP_SECRET,
          secretNamespace: e.PGFLEET_K8S_BACKUP_SECRET_NAMESPACE || undefined,
          retentionPolicy: e.PGFLEET_K8S_BACKUP_RETENTION,
        }
      : undefined,
  }
}
