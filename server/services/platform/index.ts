/** What every service leans on: job queues, rate limits, the audit trail, the demo content. */
export { createJobQueuesService } from './job-queues.ts';
export { createRateLimits } from './rate-limits.ts';
export { createClubAddressService } from './club-address.ts';
export { createAuditLogService } from './audit-log.ts';
export { createSettingsService } from './settings.ts';
