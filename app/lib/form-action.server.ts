/**
 * What every page action does with a posted form (decision 0032): read it within a size bound, check it with the
 * API's zod schema, and answer a refusal the form shows in place, with what was typed (never a password). Runs on
 * the server only; the same-origin check and the session were handled before (server/plugins/same-origin.ts).
 */
import { data } from 'react-router';
import type * as z from 'zod';
import { isServiceFailure } from '../../contracts/action-services.ts';
import { ERROR_MESSAGE_KEYS, isErrorCode } from '../../domain/errors.ts';
import { FORM_ERROR_PATH, fieldErrors } from '../../domain/schemas/common.ts';
import type { FormRefusal } from './form-refusal.ts';

/** More than any of the site's forms holds: a bigger body is not a person's form. */
const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The body, refused (413) past MAX_FORM_BYTES. An announced size is refused before reading; an unannounced one is
 * read to its end without being kept, since stopping mid-body would drop the connection without an answer.
 */
async function boundedBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => data(null, { status: 413 });
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size <= MAX_FORM_BYTES) chunks.push(chunk);
    }
  }
  if (size > MAX_FORM_BYTES) throw tooLarge();
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The posted fields as text (the last value of a repeated name; files are ignored). */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (!FORM_TYPES.some((formType) => type.toLowerCase().startsWith(formType)))
    throw data(null, { status: 415 });
  const body = await boundedBody(request);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw data(null, { status: 400 });
  }
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') values[name] = value;
  return values;
}

/** What the form shows again after a refusal: the values typed, less the secrets. */
function keptValues(values: Record<string, string>, secrets: readonly string[]) {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !secrets.includes(name)));
}

/** Checks `values` with the API's schema: the parsed input, or the refusal to answer (400). */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  values: Record<string, string>,
  secrets: readonly string[] = [],
): { input: z.infer<Schema> } | { refusal: ReturnType<typeof refusal> } {
  const result = schema.safeParse(values);
  if (result.success) return { input: result.data };
  const fields = fieldErrors(result.error);
  return { refusal: refusal(400, { fields, values: keptValues(values, secrets), intent: values.intent }) };
}

function refusal(status: number, body: FormRefusal) {
  return data(body, { status });
}

/** A refusal said by one message at the top (400): a field the person could not have typed, such as a passkey's. */
export function messageRefusal(key: string, values: Record<string, string>, secrets: readonly string[] = []) {
  return refusal(400, {
    fields: {},
    message: { key },
    values: keptValues(values, secrets),
    intent: values.intent,
  });
}

/**
 * A service's refusal (the API's error) shown on the form: its field errors beside the fields (`codeFields` puts
 * an error without fields, such as `email_taken`, on one), or its message at the top. Anything else is rethrown:
 * the page's error boundary answers it without details.
 */
export function serviceRefusal(
  error: unknown,
  values: Record<string, string>,
  options: {
    secrets?: readonly string[];
    codeFields?: Record<string, string>;
    /** Texts of a page's own refusals, which the app-wide codes (domain/errors.ts) do not have. */
    codeMessages?: Record<string, string>;
  } = {},
) {
  if (!isServiceFailure(error) || error.statusCode >= 500) throw error;
  const message =
    options.codeMessages?.[error.code] ??
    (isErrorCode(error.code) ? ERROR_MESSAGE_KEYS[error.code] : 'validation:internal');
  const fields: Record<string, string> = { ...error.fields };
  delete fields[FORM_ERROR_PATH];
  const codeField = options.codeFields?.[error.code];
  if (codeField) fields[codeField] = message;
  const retryAfter = Number(error.headers?.['retry-after']);
  return refusal(error.statusCode, {
    fields,
    message:
      Object.keys(fields).length > 0
        ? null
        : error.code === 'rate_limited'
          ? {
              key: 'validation:rate_limited',
              values: { seconds: Number.isFinite(retryAfter) ? retryAfter : 60 },
            }
          : { key: message },
    values: keptValues(values, options.secrets ?? []),
    intent: values.intent,
  });
}
