/** Response shapes shared by several API modules; response schemas strip any field they do not list. */
import { z } from '../../domain/schemas/zod.ts';
import { STAFF_ROLES } from '../../domain/roles.ts';
import { CIVILITES } from '../../domain/schemas/common.ts';

export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.string()).optional(),
  }),
});

export const userResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  president: z.boolean(),
  scope: z.array(z.string()),
  civilite: z.enum(CIVILITES),
  nom: z.string(),
  prenom: z.string(),
  // Null for accounts made with the command line, which never gave one.
  date_naissance: z.string().nullable(),
  tel: z.string(),
  adresse: z.string(),
  complement: z.string(),
  cp: z.string(),
  ville: z.string(),
  pays: z.string(),
  nationalite: z.string(),
  email_verified: z.boolean(),
  pending_email: z.string().nullable(),
});

export const dataResponse = z.object({ data: z.object({ message: z.string() }) });
