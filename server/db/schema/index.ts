/**
 * The database schema (drizzle). Column names keep the club's own vocabulary (see the vocabulary in docs/API.md) so that
 * exports map one to one; everything else is English.
 */

export * from './accounts.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './homologations.ts';
export * from './laureates.ts';
export * from './documents.ts';
export * from './platform.ts';
export * from './route-card.ts';
