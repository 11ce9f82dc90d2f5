/** The zod schemas shared by the API and the forms. */
export * from './candidate.ts';
export * from './common.ts';
export * from './order.ts';
export * from './user.ts';
