import type { AppContext } from '../../context'

/**
 * At start, tops up the spare data directories of the default major (a crash may have cut off a refill). A platform
 * that has no project yet makes its first spare when it creates its first project, so one that never creates any
 * (a test's) runs no initdb for nothing.
 */
export async function prepareSpareDataDirs(ctx: AppContext): Promise<void> {
  if (!ctx.driver.prepareSpareDataDirs || ctx.engines.length === 0) return
  const major = ctx.config.defaultPostgresMajor ?? Math.max(...ctx.engines.map((engine) => engine.major))
  if (!ctx.engines.some((engine) => engine.major === major)) return
  const any = await ctx.db.selectFrom('projects').select('id').limit(1).executeTakeFirst()
  if (any) ctx.driver.prepareSpareDataDirs([major])
}
