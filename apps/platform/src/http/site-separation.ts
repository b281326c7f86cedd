import { parse } from 'tldts'

/**
 * The site (registrable domain) of a host: browsers treat two hosts of one site as same-site, so one can plant
 * `Domain=` cookies for the other and its links carry SameSite=Lax cookies. An IP address, or a name with no
 * registrable domain (`localhost`), is its own site.
 */
export function siteOf(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, '')
  const parsed = parse(name, { allowPrivateDomains: true })
  if (parsed.isIp) return name
  return parsed.domain ?? name
}

/**
 * Refuses a configuration where projects' own hosts (`{ref}.{domain}`, which serve tenant functions for real) share
 * a site with the dashboard's host: a tenant's page there could plant cookies on the dashboard or ride its session.
 * `dashboardHost` is the host of PGFLEET_PUBLIC_URL, or the address the platform listens on.
 */
export function assertSitesSeparate(dashboardHost: string, domain: string | undefined): void {
  if (!domain) return
  const dashboard = dashboardHost.toLowerCase().replace(/^\[|\]$/g, '')
  const projects = `ref.${domain.toLowerCase().replace(/\.$/, '')}`
  if (siteOf(dashboard) === siteOf(projects)) {
    throw new Error(
      `PGFLEET_DOMAIN=${domain} puts projects' own hosts (${projects}) in the same site as the dashboard's host ` +
        `(${dashboard}, site ${siteOf(dashboard)}): a project's page could then set cookies for the dashboard. ` +
        'Give projects a domain of their own, with a different registrable domain (for example dashboard on ' +
        'app.example.com and projects under example-projects.net).',
    )
  }
}
