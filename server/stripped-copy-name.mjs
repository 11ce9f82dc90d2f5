/**
 * The file name of a TypeScript module's type-stripped copy in build/stripped/: the SHA-256 of its source's bytes.
 * Written by scripts/strip-types.ts, looked up by server/stripped-modules.mjs (decision 0059). JavaScript, as the
 * hooks that import it run before any TypeScript is loaded.
 */
import crypto from 'node:crypto';

export function strippedCopyName(source) {
  return `${crypto.createHash('sha256').update(source).digest('hex')}.js`;
}
