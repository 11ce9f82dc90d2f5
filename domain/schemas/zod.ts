/**
 * Zod, as the domain and the pages use it: configured once, here.
 *
 * The site's CSP allows no `eval`. Zod compiles its object parsers with `new Function` when it may, and probes
 * for that permission: in the browser the probe fails quietly, but is recorded as a CSP violation. `jitless`
 * skips the probe and the compiled path. Zod reads it when a schema is built, so every module imports Zod from
 * here (ESLint enforces it outside the tests): this module runs first, and the server never evaluates generated
 * code either. The schemas parse a few dozen fields at most, where compiling gains nothing measurable.
 */
import * as z from 'zod';

z.config({ jitless: true });

export { z };
