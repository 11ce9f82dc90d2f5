/** Laureates and what is public: the ranking and palmarès, the import of the club's records, the home page's teaser, the statistics, what a rider hides or how their name shows. */
export { createDisplayRestrictionsService } from './display-restrictions.ts';
export { createLaureateImportService } from './laureate-import.ts';
export { createLaureateTeaserService } from './laureate-teaser.ts';
export { createLaureatesService } from './laureates.ts';
export { FLAGS_DIRECTORY, createFlagsService } from './flags.ts';
export { createStatisticsService } from './statistics.ts';
