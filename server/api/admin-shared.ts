/** What the admin API's modules share: their OpenAPI tags and refusals, the shapes they answer, and file downloads. */
import { z } from '../../domain/schemas/zod.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { fileName } from '../../domain/file-names.ts';
import type { Locale } from '../../domain/locales.ts';
import { translator } from '../i18n.ts';
import { errorResponse } from './schemas.ts';

export const tags = ['admin'];
export const security = [{ bearer: [] }];
/** Every admin route may answer these (server/plugins/auth.ts `requireStaff`, `needs`). */
export const guarded = { 401: errorResponse, 403: errorResponse };

export const idParams = z.object({ id: idParam() });

export const person = z.object({ id: z.number().int(), name: z.string() });

/** A downloaded file's name in the admin's language (`admin:files.*`), or the English one API clients know. */
export const downloadName = (
  lang: Locale | undefined,
  fallback: string,
  title: (t: ReturnType<typeof translator>) => string,
  extension: 'csv' | 'pdf',
) => (lang ? fileName(title(translator(lang, 'admin')), extension) : fallback);

export const pdf = (
  reply: {
    type: (value: string) => { header: (name: string, value: string) => { send: (body: Buffer) => unknown } };
  },
  file: Uint8Array,
  name: string,
) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .send(Buffer.from(file));
