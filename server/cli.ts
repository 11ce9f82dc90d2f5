/**
 * Administration commands: `npm run cli -- <command> [options]`.
 *   user:create --email E --password P [--admin] [--prenom F --nom N]
 *   user:role --email E --role admin|user [--president | --no-president]
 *   laureates:import FILE.csv [--dry-run]
 *   demo:seed [--laureates N] [--seed S]
 * Other modules add their commands to COMMANDS.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { emailField } from '../domain/schemas/common.ts';
import { passwordField } from '../domain/schemas/user.ts';
import { ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AppError } from './errors.ts';
import { createServices, type Services } from './services/index.ts';
import { DEMO_SEED, demoRecords } from './services/demo-data.ts';
import { formatImportReport, formatRowErrors, progressBar } from './services/laureate-import.ts';

export interface CommandContext {
  services: Services;
  args: string[];
  print: (line: string) => void;
}

type Command = { usage: string; run: (context: CommandContext) => Promise<void> };

export class UsageError extends Error {}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new UsageError(`${what}: ${result.error.issues.map((issue) => issue.message).join(', ')}`);
  return result.data;
}

export const COMMANDS: Record<string, Command> = {
  'user:create': {
    usage: 'user:create --email E --password P [--admin] [--prenom F --nom N]',
    async run({ services, args, print }) {
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          admin: { type: 'boolean', default: false },
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
      const role = values.admin ? 'admin' : 'user';
      const created = await services.accounts.createUser({
        email,
        password,
        role,
        prenom: values.prenom,
        nom: values.nom,
      });
      print(
        `Created ${role} ${email} (id ${created.id}). They can complete their details on the account page.`,
      );
    },
  },
  'user:role': {
    usage: 'user:role --email E --role admin|user [--president | --no-president]',
    async run({ services, args, print }) {
      const { values } = parseArgs({
        args,
        allowNegative: true,
        options: { email: { type: 'string' }, role: { type: 'string' }, president: { type: 'boolean' } },
      });
      const email = parseOrThrow(emailField(), values.email, '--email');
      const role = parseOrThrow(z.enum(['admin', 'user']), values.role, '--role (admin or user)');
      await services.accounts.setRole(email, role, values.president);
      print(
        `${email} is now ${role}${values.president === undefined ? '' : values.president ? ' (president)' : ''}.`,
      );
    },
  },
  'laureates:import': {
    usage: 'laureates:import FILE.csv [--dry-run]   (header and date formats: README)',
    async run({ services, args, print }) {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { 'dry-run': { type: 'boolean', default: false } },
      });
      if (positionals.length !== 1) throw new UsageError('laureates:import takes one CSV file');
      let text: string;
      try {
        text = fs.readFileSync(positionals[0]!, 'utf8');
      } catch (error) {
        throw new UsageError(`Cannot read ${positionals[0]}: ${(error as Error).message}`);
      }
      const progress = progressBar();
      const result = await services.laureateImport.importCsv(text, {
        dryRun: values['dry-run'],
        onProgress: progress?.update,
      });
      progress?.stop();
      if (!result.report) throw new UsageError(formatRowErrors(result.errors));
      print(formatImportReport(result.report, result.ignoredColumns));
    },
  },
  'demo:seed': {
    usage: 'demo:seed [--laureates N] [--seed S]   (synthetic laureates, added after any existing ones)',
    async run({ services, args, print }) {
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
      const progress = progressBar();
      const report = await services.laureateImport.writeRecords(records, {
        source: 'demo',
        onProgress: progress?.update,
      });
      progress?.stop();
      print(formatImportReport(report, []));
    },
  },
};

function usage(): string {
  return [
    'Usage: npm run cli -- <command> [options]',
    ...Object.values(COMMANDS).map((command) => `  ${command.usage}`),
  ].join('\n');
}

export async function runCli(
  argv: string[],
  environment = process.env,
  print = console.log,
): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(usage());
    return 2;
  }
  const config = parseConfig(environment);
  const database = await openDatabase(config);
  await database.migrate();
  const services = createServices({ db: database.db, config, mailDelivery: 'manual' });
  try {
    await command.run({ services, args, print });
    await services.mail.processDue();
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof AppError) {
      console.error(`${error.message}\n\n${usage()}`);
      return 1;
    }
    throw error;
  } finally {
    services.close();
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
