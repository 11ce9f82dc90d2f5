/**
 * Administration commands: `npm run cli -- <command> [options]`.
 *   user:create --email E --password P [--admin | --roles desk,president] [--prenom F --nom N]
 *   user:roles --email E --roles desk,president,treasurer,admin   (empty removes them)
 *   user:role --email E --role admin|user [--president | --no-president]
 *   user:reset-second-factor --email E   (a lost phone: the person sets up a new second factor)
 *   laureates:import FILE.csv [--dry-run]
 *   demo:seed [--laureates N] [--seed S]
 *   db:backup FILE, db:restore FILE
 *   data:export --email E --out FILE [--locale L]
 *   retention:run [--dry-run]
 * Other modules add their commands to COMMANDS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from '../domain/schemas/zod.ts';
import { emailField } from '../domain/schemas/common.ts';
import { passwordField } from '../domain/schemas/user.ts';
import { adminSocketPath, runThroughServer } from './admin-socket.ts';
import { createChangeBus } from './change-bus.ts';
import { ConfigError, parseConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { AppError } from './errors.ts';
import { RestoreRefused, restoreBackup, writeBackup } from './db/backup.ts';
import { CHANGES, createServices, type Services } from './services/index.ts';
import { DEMO_SEED, demoRecords } from './services/platform/demo-data.ts';
import { CLI } from './services/guards.ts';
import { formatImportReport, formatRowErrors, progressBar } from './cli-import-report.ts';
import { STAFF_ROLES, type StaffRole } from '../domain/roles.ts';
import { LOCALES } from '../domain/locales.ts';

export interface CommandContext {
  services: Services;
  db: Database;
  args: string[];
  print: (line: string) => void;
  /** The caller's working directory (the command may run inside the server, see admin-socket.ts). */
  cwd: string;
  /** A terminal is attached to this process: progress bars are welcome. */
  interactive: boolean;
}

/** A file argument, relative to where the command was typed. */
export function argumentPath(context: Pick<CommandContext, 'cwd'>, file: string): string {
  return path.resolve(context.cwd, file);
}

type Command = { usage: string; run: (context: CommandContext) => Promise<void> };

export class UsageError extends Error {}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new UsageError(`${what}: ${result.error.issues.map((issue) => issue.message).join(', ')}`);
  return result.data;
}

/** `desk,president`: the roles named, each checked; an empty list is none. */
function parseRoles(list: string): StaffRole[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return parseOrThrow(z.array(z.enum(STAFF_ROLES)), names, `--roles (among ${STAFF_ROLES.join(', ')})`);
}

const describeRoles = (roles: readonly StaffRole[]) =>
  roles.length ? `the roles ${roles.join(', ')}` : 'no role of the back office';

export const COMMANDS: Record<string, Command> = {
  'user:create': {
    usage:
      'user:create --email E --password P [--admin | --roles desk,president,treasurer,admin] [--prenom F --nom N]',
    async run({ services, args, print }) {
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          admin: { type: 'boolean', default: false },
          roles: { type: 'string' },
          prenom: { type: 'string' },
          nom: { type: 'string' },
        },
      });
      const email = parseOrThrow(emailField(), values.email, '--email');
      const password = parseOrThrow(
        passwordField(),
        values.password,
        '--password (at least 6 characters with an uppercase, a lowercase letter and a digit)',
      );
      const roles = values.admin ? STAFF_ROLES : parseRoles(values.roles ?? '');
      const created = await services.accounts.createUser(CLI, {
        email,
        password,
        roles,
        prenom: values.prenom,
        nom: values.nom,
      });
      print(
        `Created ${email} (id ${created.id}) with ${describeRoles(roles)}. They can complete their details on the account page.`,
      );
    },
  },
  'user:roles': {
    usage:
      'user:roles --email E --roles desk,president,treasurer,admin (empty removes them) [--president | --no-president]',
    async run({ services, args, print }) {
      const { values } = parseArgs({
        args,
        allowNegative: true,
        options: { email: { type: 'string' }, roles: { type: 'string' }, president: { type: 'boolean' } },
      });
      const email = parseOrThrow(emailField(), values.email, '--email');
      if (values.roles === undefined)
        throw new UsageError('--roles is required (an empty list removes them)');
      const roles = parseRoles(values.roles);
      const person = await services.accounts.setRolesByEmail(CLI, email, roles, values.president);
      const president = values.president === undefined ? '' : values.president ? ' (president)' : '';
      print(`${email} now holds ${describeRoles(person.roles)}${president}.`);
    },
  },
  'user:role': {
    usage:
      'user:role --email E --role admin|user [--president | --no-president]   (admin: every role; user: none)',
    async run({ services, args, print }) {
      const { values } = parseArgs({
        args,
        allowNegative: true,
        options: { email: { type: 'string' }, role: { type: 'string' }, president: { type: 'boolean' } },
      });
      const email = parseOrThrow(emailField(), values.email, '--email');
      const role = parseOrThrow(z.enum(['admin', 'user']), values.role, '--role (admin or user)');
      const roles = role === 'admin' ? STAFF_ROLES : [];
      await services.accounts.setRolesByEmail(CLI, email, roles, values.president);
      print(`${email} now holds ${describeRoles(roles)}${values.president ? ' (president)' : ''}.`);
    },
  },
  'user:reset-second-factor': {
    usage:
      "user:reset-second-factor --email E   (a lost phone: removes the person's second factor, ends their sessions)",
    async run({ services, args, print }) {
      const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
      const email = parseOrThrow(emailField(), values.email, '--email');
      await services.secondFactors.resetByEmail(CLI, email);
      print(
        `${email} has no second factor any more and was told by email; they set up a new one at their next sign-in.`,
      );
    },
  },
  'diplomas:rotate-key': {
    usage: 'diplomas:rotate-key   (new key for diploma statements; the old one stays published)',
    async run({ services, print }) {
      const { retired, kid } = await services.diplomas.rotateKey();
      print(
        `Diploma statements are now signed with key ${kid}${retired.length ? `; retired ${retired.join(', ')} (still published)` : ''}.`,
      );
    },
  },
  'laureates:import': {
    usage: 'laureates:import FILE.csv [--dry-run]   (header and date formats: README)',
    async run({ services, args, print, cwd, interactive }) {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { 'dry-run': { type: 'boolean', default: false } },
      });
      if (positionals.length !== 1) throw new UsageError('laureates:import takes one CSV file');
      let text: string;
      try {
        text = fs.readFileSync(argumentPath({ cwd }, positionals[0]!), 'utf8');
      } catch (error) {
        throw new UsageError(`Cannot read ${positionals[0]}: ${(error as Error).message}`);
      }
      const progress = interactive ? progressBar() : undefined;
      const result = await services.laureateImport.importCsv(text, {
        dryRun: values['dry-run'],
        onProgress: progress?.update,
      });
      progress?.stop();
      if (!result.report) throw new UsageError(formatRowErrors(result.errors, result.warnings));
      print(formatImportReport(result.report, result.ignoredColumns, result.warnings));
    },
  },
  'demo:seed': {
    usage: 'demo:seed [--laureates N] [--seed S]   (synthetic laureates, added after any existing ones)',
    async run({ services, args, print, interactive }) {
      const { values } = parseArgs({
        args,
        options: { laureates: { type: 'string', default: '1000' }, seed: { type: 'string' } },
      });
      const count = parseOrThrow(
        z.coerce.number().int().min(1).max(1_000_000),
        values.laureates,
        '--laureates',
      );
      const seed = parseOrThrow(z.coerce.number().int(), values.seed ?? String(DEMO_SEED), '--seed');
      const existing = await services.laureateImport.laureateCount();
      const records = demoRecords({
        count,
        // A second run adds new people rather than generating the first ones again.
        seed: seed + existing,
        firstIndex: existing + 1,
        lastNumeros: await services.laureateImport.lastNumeros(),
      });
      const progress = interactive ? progressBar() : undefined;
      const report = await services.laureateImport.writeRecords(records, {
        source: 'demo',
        onProgress: progress?.update,
      });
      progress?.stop();
      print(formatImportReport(report, []));
    },
  },
  'db:backup': {
    usage: 'db:backup FILE   (every row, as SQL; works while the server runs)',
    async run({ db, args, print, cwd }) {
      const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
      if (positionals.length !== 1) throw new UsageError('db:backup takes one file name');
      const file = argumentPath({ cwd }, positionals[0]!);
      const started = performance.now();
      const report = await writeBackup(db, file);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      print(
        `Backed up ${report.rows} rows of ${report.tables} tables to ${file} (${(report.bytes / 1e6).toFixed(1)} MB, ${seconds} s).`,
      );
    },
  },
  'data:export': {
    usage:
      "data:export --email E --out FILE.zip [--locale fr|gb|de|nl|es|it]   (a person's copy, for a request by post)",
    async run({ services, args, print, cwd }) {
      const { values } = parseArgs({
        args,
        options: { email: { type: 'string' }, out: { type: 'string' }, locale: { type: 'string' } },
      });
      const email = parseOrThrow(emailField(), values.email, '--email');
      if (!values.out) throw new UsageError('data:export needs --out FILE.zip');
      const locale =
        values.locale === undefined ? undefined : parseOrThrow(z.enum(LOCALES), values.locale, '--locale');
      const file = argumentPath({ cwd }, values.out);
      const copy = await services.dataExport.forAddress(CLI, email, locale);
      fs.writeFileSync(file, copy.bytes, { mode: 0o600 });
      print(`Wrote the copy of ${email}'s data to ${file} (${(copy.bytes.length / 1e3).toFixed(1)} kB).`);
    },
  },
  'retention:run': {
    usage: 'retention:run [--dry-run]   (deletes what is past its retention period; --dry-run only counts)',
    async run({ services, args, print }) {
      const { values } = parseArgs({ args, options: { 'dry-run': { type: 'boolean', default: false } } });
      const report = await services.retention.run({ dryRun: values['dry-run'] });
      for (const { kind, count } of report.deleted)
        print(`${kind}: ${count} ${report.dryRun ? 'would be deleted' : 'deleted'}`);
      if (report.dryRun) print('Dry run: nothing was deleted.');
    },
  },
  'db:restore': {
    usage: 'db:restore FILE   (into an empty database: the embedded one, or the one DATABASE_URL names)',
    async run({ db, services, args, print, cwd }) {
      const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
      if (positionals.length !== 1) throw new UsageError('db:restore takes one backup file');
      const file = argumentPath({ cwd }, positionals[0]!);
      if (!fs.existsSync(file)) throw new UsageError(`No such file: ${file}`);
      const started = performance.now();
      try {
        const { statements } = await restoreBackup(db, file);
        services.changeBus.publish(CHANGES.publicData);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        print(`Restored ${file} (${statements} statements, ${seconds} s).`);
      } catch (error) {
        if (error instanceof RestoreRefused) throw new UsageError(error.message);
        throw error;
      }
    },
  },
};

function usage(): string {
  return [
    'Usage: npm run cli -- <command> [options]',
    ...Object.values(COMMANDS).map((command) => `  ${command.usage}`),
  ].join('\n');
}

/**
 * Runs one command with services that are already open: the CLI's own, or the server's when the command comes
 * through the admin socket. Returns the exit code.
 */
export async function runCommand(
  argv: string[],
  context: Omit<CommandContext, 'args'> & { printError: (line: string) => void },
): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    context.printError(usage());
    return 2;
  }
  try {
    await command.run({ ...context, args });
    await context.services.mail.processDue();
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof AppError) {
      context.printError(`${error.message}\n\n${usage()}`);
      return 1;
    }
    throw error;
  }
}

export async function runCli(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  if (!argv[0] || !COMMANDS[argv[0]]) {
    printError(usage());
    return 2;
  }
  const config = parseConfig(environment);
  const cwd = process.cwd();
  if (!config.databaseUrl) {
    // A server holding the embedded database runs the command for us.
    const exit = await runThroughServer(
      adminSocketPath(config.dataDir),
      { argv, cwd },
      { print, printError },
    );
    if (exit !== null) return exit;
  }
  const database = await openDatabase(config);
  await database.migrate();
  // Servers on PostgreSQL hear this process's changes (an import) through the change bus.
  const changeBus = createChangeBus(config);
  await changeBus.ready();
  const services = createServices({ db: database.db, config, mailDelivery: 'manual', changeBus });
  try {
    return await runCommand(argv, {
      services,
      db: database.db,
      print,
      printError,
      cwd,
      interactive: Boolean(process.stderr.isTTY),
    });
  } finally {
    await services.close();
    await database.close();
  }
}

if (import.meta.main) {
  runCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
