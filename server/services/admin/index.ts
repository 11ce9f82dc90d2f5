/** The admin area's lists and exports, a candidate's file, the dashboard, kits sent and scanned. */
export type { AdminService } from './admin.ts';
export { createCandidateFileService } from './admin-candidate-file.ts';
export { createAdminDashboardService } from './admin-dashboard.ts';
export { createKitsService } from './admin-kits.ts';
export { createAdminListsService } from './admin-lists.ts';
