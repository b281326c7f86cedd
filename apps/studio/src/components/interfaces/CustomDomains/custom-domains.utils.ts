import type { CustomHostnameStatus } from '@pgfleet/contracts'

export type CustomDomainStage = 'not-allowed' | 'none' | 'pending' | 'verified' | 'active'

/** Groups the hosted product's seven statuses into the four things the page can show. */
export function customDomainStage(status: CustomHostnameStatus): CustomDomainStage {
  switch (status) {
    case '0_not_allowed':
      return 'not-allowed'
    case '0_no_hostname_configured':
    case '1_not_started':
      return 'none'
    case '2_initiated':
      return 'pending'
    case '3_challenge_verified':
    case '4_origin_setup_completed':
      return 'verified'
    case '5_services_reconfigured':
      return 'active'
  }
}
