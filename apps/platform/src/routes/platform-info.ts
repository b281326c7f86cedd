import type { EngineInfo } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { resolveFeatureFlags } from '../control/instance/feature-flags'
import { serve } from '../http/typed-routes'

export function platformInfoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/feature-flags', async () => resolveFeatureFlags(ctx.config.featureFlags))

    serve(
      app,
      'GET /platform/engines',
      async (): Promise<EngineInfo[]> =>
        ctx.engines.map((engine) => ({
          major: engine.major,
          version: engine.version,
          postgres_engine: String(engine.major),
          source: engine.source,
          release_channel: ctx.config.previewMajors.includes(engine.major) ? 'preview' : 'ga',
        })),
    )
  }
}
