/**
 * The volunteers' service as the admin API and pages see it (`services.admin`): the union of the lists and CSV
 * export (admin-lists.ts), a candidate's file (admin-candidate-file.ts), the dashboard (admin-dashboard.ts) and the
 * batch actions on kits (admin-kits.ts), assembled in index.ts. Print jobs are their own service (print-jobs.ts).
 */
import type { createCandidateFileService } from './admin-candidate-file.ts';
import type { createAdminDashboardService } from './admin-dashboard.ts';
import type { createKitsService } from './admin-kits.ts';
import type { createAdminListsService } from './admin-lists.ts';

export type AdminService = ReturnType<typeof createAdminListsService> &
  ReturnType<typeof createCandidateFileService> &
  ReturnType<typeof createAdminDashboardService> &
  ReturnType<typeof createKitsService>;
