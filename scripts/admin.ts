/**
 * Operator CLI against the configured MongoDB: `npm run --silent admin -- <command> [--json]`.
 *
 *   org create --name N [--plan standard|enterprise] [--rate-limit N]
 *   org set-dialer-secret --org ORG          (prints the secret once; signatures then required)
 *   user create --org ORG --email E --name N --role R   (prints a console invitation)
 *   user invite --org ORG --id U               (a new console invitation; earlier ones stop working)
 *   user set-role --org ORG --id U --role R
 *   user disable --org ORG --id U
 *   key create --org ORG --user U --name N
 *   key list --org ORG
 *   key revoke --org ORG --id K
 *   search rebuild --org ORG | --all        (re-indexes calls for search; waits, printing each organization)
 *
 * With --json every command prints one JSON object (errors too, as `{ "error": { code, message } }`).
 * Exit codes: 0 done, 1 failed (e.g. not found), 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { invitationLink, loadConfigOrExit, type Config } from '../lib/config';
import { ROLES } from '../lib/documents';
import { AppError } from '../lib/errors';
import { encryptionKeyFor } from './devSecrets';
import { connectDatabase, ensureIndexes, type Collections } from '../lib/mongo';
import { Email } from '../lib/schemas/common';
import {
  apiKeyView,
  createApiKey,
  createOrganization,
  createUser,
  disableUser,
  findOrganization,
  organizationView,
  revokeApiKey,
  rotateDialerSecret,
  setUserRole,
  userView,
} from '../lib/tenancy';
import { issuesToDetails } from '../lib/validation';
import { issueInvitation } from '../lib/consoleSessions';
import { connectTemporal } from '../lib/temporalClient';
import { startRebuildSearchIndex } from '../lib/workflowStarts';

class UsageError extends Error {}

const id = z.string().min(1, 'is required');
const COMMANDS = {
  'org create': z.object({
    name: z.string().trim().min(1, 'is required'),
    plan: z.enum(['standard', 'enterprise']).default('standard'),
    'rate-limit': z.coerce.number().int().positive().optional(),
  }),
  'org set-dialer-secret': z.object({ org: id }),
  'user create': z.object({
    org: id,
    email: Email,
    name: z.string().trim().min(1, 'is required'),
    role: z.enum(ROLES),
  }),
  'user invite': z.object({ org: id, id }),
  'user set-role': z.object({ org: id, id, role: z.enum(ROLES) }),
  'user disable': z.object({ org: id, id }),
  'key create': z.object({ org: id, user: id, name: z.string().trim().min(1, 'is required') }),
  'key list': z.object({ org: id }),
  'key revoke': z.object({ org: id, id }),
  'search rebuild': z
    .object({ org: id.optional(), all: z.boolean().default(false) })
    .refine((input) => Boolean(input.org) !== input.all, { message: 'give --org ORG or --all', path: ['org'] }),
} as const;
type CommandName = keyof typeof COMMANDS;

async function run(command: CommandName, options: Record<string, unknown>, collections: Collections, config: Config) {
  const encryptionKey = encryptionKeyFor(config);
  switch (command) {
    case 'org create': {
      const input = COMMANDS[command].parse(options);
      if (input['rate-limit'] !== undefined && input.plan !== 'enterprise') {
        throw new UsageError('--rate-limit: only the enterprise plan has its own limit (standard is 1000 per hour)');
      }
      return organizationView(
        await createOrganization(collections, {
          name: input.name,
          plan: input.plan,
          rateLimitPerHour: input['rate-limit'],
        }),
      );
    }
    case 'org set-dialer-secret': {
      const input = COMMANDS[command].parse(options);
      return { organization_id: input.org, secret: await rotateDialerSecret(collections, encryptionKey, input.org) };
    }
    case 'user create': {
      const input = COMMANDS[command].parse(options);
      const user = await createUser(collections, {
        orgId: input.org,
        email: input.email,
        name: input.name,
        role: input.role,
      });
      return { ...userView(user), invitation: await invitationFor(collections, config, user.org_id, user._id) };
    }
    case 'user invite': {
      const input = COMMANDS[command].parse(options);
      return invitationFor(collections, config, input.org, input.id);
    }
    case 'user set-role': {
      const input = COMMANDS[command].parse(options);
      return userView(await setUserRole(collections, input.org, input.id, input.role));
    }
    case 'user disable': {
      const input = COMMANDS[command].parse(options);
      return userView(await disableUser(collections, input.org, input.id));
    }
    case 'key create': {
      const input = COMMANDS[command].parse(options);
      const { record, key } = await createApiKey(collections, {
        orgId: input.org,
        userId: input.user,
        name: input.name,
      });
      return { ...apiKeyView(record), key };
    }
    case 'key list': {
      const input = COMMANDS[command].parse(options);
      const keys = await collections.apiKeys.find({ org_id: input.org }).sort({ created_at: -1, _id: -1 }).toArray();
      return { keys: keys.map(apiKeyView) };
    }
    case 'key revoke': {
      const input = COMMANDS[command].parse(options);
      return apiKeyView(await revokeApiKey(collections, input.org, input.id));
    }
    case 'search rebuild': {
      const input = COMMANDS[command].parse(options);
      return rebuildSearch(collections, config, input.org ?? null);
    }
  }
}

/** Starts `rebuildSearchIndex` per organization (the worker runs it) and waits, one line per organization. */
async function rebuildSearch(collections: Collections, config: Config, orgId: string | null) {
  const orgIds = orgId
    ? [(await findOrganization(collections, orgId))._id]
    : (await collections.organizations.find({}, { projection: { _id: 1 } }).toArray()).map((org) => org._id);
  const temporal = await connectTemporal(config);
  try {
    const rebuilt: { organization_id: string; workflow_id: string; indexed: number; removed: number }[] = [];
    for (const [index, id] of orgIds.entries()) {
      const workflowId = await startRebuildSearchIndex(temporal.client, id);
      process.stderr.write(`[${index + 1}/${orgIds.length}] ${id}: rebuilding (${workflowId}) …\n`);
      const result = (await temporal.client.workflow.getHandle(workflowId).result()) as {
        indexed: number;
        removed: number;
      };
      process.stderr.write(
        `[${index + 1}/${orgIds.length}] ${id}: ${result.indexed} calls indexed, ${result.removed} removed\n`,
      );
      rebuilt.push({ organization_id: id, workflow_id: workflowId, ...result });
    }
    return { rebuilt };
  } finally {
    await temporal.close();
  }
}

/** A console invitation as the CLI prints it: the token once, and where to use it. */
async function invitationFor(collections: Collections, config: Config, orgId: string, userId: string) {
  const { token, invitation } = await issueInvitation(collections, orgId, userId);
  return {
    user_id: userId,
    token,
    expires_at: invitation.expires_at.toISOString(),
    link: invitationLink(config, token),
  };
}

function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      name: { type: 'string' },
      plan: { type: 'string' },
      'rate-limit': { type: 'string' },
      org: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      id: { type: 'string' },
      user: { type: 'string' },
      all: { type: 'boolean' },
    },
  });
  const command = positionals.slice(0, 2).join(' ');
  if (!(command in COMMANDS) || positionals.length !== 2) {
    throw new UsageError(`unknown command "${positionals.join(' ')}"; one of: ${Object.keys(COMMANDS).join(', ')}`);
  }
  const { json, ...options } = values;
  return { command: command as CommandName, options, json: Boolean(json) };
}

function printResult(json: boolean, result: unknown): void {
  process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const fail = (code: string, message: string, exitCode: number, details?: unknown) => {
    if (json)
      process.stdout.write(`${JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } })}\n`);
    else process.stderr.write(`admin: ${message}\n`);
    return exitCode;
  };
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    return fail('usage', (error as Error).message, 2);
  }
  const config = loadConfigOrExit();
  const database = await connectDatabase(config);
  try {
    await ensureIndexes(database.db);
    printResult(parsed.json, await run(parsed.command, parsed.options, database.collections, config));
    return 0;
  } catch (error) {
    if (error instanceof z.ZodError) {
      const details = issuesToDetails(error).map((detail) => ({ ...detail, path: `--${detail.path}` }));
      return fail('usage', details.map((detail) => `${detail.path}: ${detail.message}`).join('; '), 2, details);
    }
    if (error instanceof UsageError) return fail('usage', error.message, 2);
    if (error instanceof AppError) return fail(error.code, error.message, 1);
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`admin: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
