/**
 * Admin CLI: `npm run admin -- <command>` against DATABASE_URL.
 *   org create <name>
 *   key create --org <name> --owner <email> --permissions <comma list | all> [--environments Operations]
 *              [--expires <ISO instant>] [--allow-ip <cidr,...>]      → {"id":...,"secret":...}
 *   key update <id> [--permissions <comma list | all>] [--environments <list>] [--allow-ip <cidr,...> | --allow-ip '']
 *   key revoke <id>
 *   key list --org <name>
 *   owner disable <email>
 *   data update [--kinds eop,leap-seconds,space-weather] [--eop-url <url>] [--leap-seconds-url <url>]
 *               [--space-weather-url <url>] [--timeout-s <s>]   (also `npm run data:update`; no database needed)
 */
import { parseArgs } from 'node:util';
import { createApiKey, findApiKeyById, listApiKeys, revokeApiKey, updateApiKeyGrants } from '../../storage/apiKeys.ts';
import { inTransaction, type Db } from '../../storage/sql/db.ts';
import { createOrganization, findOrganizationByName } from '../../storage/organizations.ts';
import { ensureOwner, setOwnerDisabled } from '../../storage/owners.ts';
import { loadConfig } from '../config.ts';
import { parseCidr } from '../net/cidr.ts';
import { isPermission, OPERATIONS_ENVIRONMENT, PERMISSIONS } from '../permissions.ts';
import { openStorage } from '../service.ts';
import { exitCodeOf, updateEarthData } from '../../earthData/update.ts';
import { KIND_DIRECTORY, type EarthDataKind } from '../../earthData/files.ts';

export class UsageError extends Error {}

const USAGE = `usage: npm run admin -- <command>
  org create <name>
  key create --org <name> --owner <email> --permissions <comma list | all> [--environments Operations] [--expires <ISO instant>] [--allow-ip <cidr,...>]
  key update <id> [--permissions <comma list | all>] [--environments <list>] [--allow-ip <cidr,...> | --allow-ip '']
  key revoke <id>
  key list --org <name>
  owner disable <email>
  data update [--kinds eop,leap-seconds,space-weather] [--eop-url <url>] [--leap-seconds-url <url>] [--space-weather-url <url>] [--timeout-s <s>]

Revocation, owner disabling and grant changes reach running servers within their API-key cache time (API_KEY_CACHE_TTL_MS, default 5 s).`;

function list(text: string | undefined): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

function parsePermissions(text: string): string[] {
  const permissions = text === 'all' ? [...PERMISSIONS] : list(text);
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length > 0) throw new UsageError(`unknown permissions: ${unknown.join(', ')} (known: ${PERMISSIONS.join(', ')})`);
  return permissions;
}

function parseAllowlist(text: string | undefined): string[] {
  const allowlist = list(text);
  const badCidr = allowlist.filter((entry) => parseCidr(entry) === null);
  if (badCidr.length > 0) throw new UsageError(`invalid CIDR: ${badCidr.join(', ')}`);
  return allowlist;
}

/** Runs one command; returns the JSON value to print. */
export async function runAdmin(db: Db, argv: string[]): Promise<unknown> {
  const [group, action, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      owner: { type: 'string' },
      permissions: { type: 'string' },
      environments: { type: 'string' },
      expires: { type: 'string' },
      'allow-ip': { type: 'string' },
    },
  });
  if (group === 'org' && action === 'create') {
    const name = positionals[0];
    if (!name) throw new UsageError('org create needs a name');
    if (await findOrganizationByName(db, name)) throw new UsageError(`organization "${name}" already exists`);
    return await createOrganization(db, name);
  }
  if (group === 'key' && action === 'create') {
    if (!values.org || !values.owner || !values.permissions) throw new UsageError('key create needs --org, --owner and --permissions');
    const permissions = parsePermissions(values.permissions);
    const environments = values.environments === undefined ? [OPERATIONS_ENVIRONMENT] : list(values.environments);
    const allowlist = parseAllowlist(values['allow-ip']);
    let expiresAt: string | null = null;
    if (values.expires !== undefined) {
      const ms = Date.parse(values.expires);
      if (!/(Z|[+-]\d{2}:?\d{2})$/.test(values.expires) || Number.isNaN(ms)) throw new UsageError('--expires must be an ISO-8601 instant with a zone');
      expiresAt = new Date(ms).toISOString();
    }
    return await inTransaction(db, async (tx) => {
      const org = await findOrganizationByName(tx, values.org!);
      if (!org) throw new UsageError(`no organization "${values.org}"`);
      const owner = await ensureOwner(tx, org.id, values.owner!);
      const { key, secret } = await createApiKey(tx, {
        organizationId: org.id, ownerId: owner.id, permissions, environments, ipAllowlist: allowlist, expiresAt,
      });
      return { id: key.id, secret };
    });
  }
  if (group === 'key' && action === 'update') {
    const id = positionals[0];
    if (!id) throw new UsageError('key update needs an id');
    const grants = {
      permissions: values.permissions === undefined ? undefined : parsePermissions(values.permissions),
      environments: values.environments === undefined ? undefined : list(values.environments),
      ipAllowlist: values['allow-ip'] === undefined ? undefined : parseAllowlist(values['allow-ip']),
    };
    if (!(await updateApiKeyGrants(db, id, grants))) throw new UsageError(`no key ${id}`);
    const key = (await findApiKeyById(db, id))!;
    return { id, permissions: key.permissions, environments: key.environments, ipAllowlist: key.ipAllowlist };
  }
  if (group === 'key' && action === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('key revoke needs an id');
    if (!(await revokeApiKey(db, id))) throw new UsageError(`no key ${id}`);
    return { id, revoked: true };
  }
  if (group === 'key' && action === 'list') {
    if (!values.org) throw new UsageError('key list needs --org');
    const org = await findOrganizationByName(db, values.org);
    if (!org) throw new UsageError(`no organization "${values.org}"`);
    return (await listApiKeys(db, org.id)).map((key) => ({
      id: key.id, prefix: key.prefix, owner: key.ownerEmail, ownerDisabled: key.ownerDisabled, permissions: key.permissions,
      environments: key.environments, ipAllowlist: key.ipAllowlist, expiresAt: key.expiresAt, revoked: key.revoked, createdAt: key.createdAt,
    }));
  }
  if (group === 'owner' && action === 'disable') {
    const email = positionals[0];
    if (!email) throw new UsageError('owner disable needs an email');
    const changed = await setOwnerDisabled(db, email, true);
    if (changed === 0) throw new UsageError(`no owner ${email}`);
    return { email, disabled: true };
  }
  throw new UsageError(USAGE);
}

/**
 * `data update`: downloads, validates and installs the Earth-data files (earthData/update.ts). Prints one
 * JSON result per kind; returns the exit code (0 ok, 1 a file was rejected, 3 offline, 2 usage).
 */
export async function runDataCommand(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      kinds: { type: 'string' },
      'eop-url': { type: 'string' },
      'leap-seconds-url': { type: 'string' },
      'space-weather-url': { type: 'string' },
      'timeout-s': { type: 'string' },
    },
  });
  if (action !== 'update') throw new UsageError(USAGE);
  const byName = Object.fromEntries(Object.entries(KIND_DIRECTORY).map(([kind, dir]) => [dir, kind as EarthDataKind]));
  const kinds = values.kinds === undefined ? (Object.keys(KIND_DIRECTORY) as EarthDataKind[]) : list(values.kinds).map((k) => byName[k] ?? null);
  if (kinds.includes(null as never) || kinds.length === 0) throw new UsageError(`--kinds takes a comma list of ${Object.keys(byName).join(', ')}`);
  const timeoutS = values['timeout-s'] === undefined ? 120 : Number(values['timeout-s']);
  if (!(timeoutS > 0)) throw new UsageError('--timeout-s must be a positive number of seconds');
  const config = loadConfig(env);
  const results = await updateEarthData({
    dataDir: config.dataDir,
    kinds,
    timeoutMs: timeoutS * 1000,
    urls: {
      EOP: values['eop-url'] ?? config.dataUrls.eop,
      LEAP_SECONDS: values['leap-seconds-url'] ?? config.dataUrls.leapSeconds,
      SPACE_WEATHER: values['space-weather-url'] ?? config.dataUrls.spaceWeather,
    },
  });
  console.log(JSON.stringify({ dataDirectory: config.dataDir, results }, null, 2));
  for (const r of results.filter((x) => x.status === 'FAILED')) console.error(`data update: ${r.kind}: ${r.error}`);
  if (results.some((r) => r.status === 'UPDATED')) {
    console.error('data update: a running service picks the new files up within APSIS_DATA_CHECK_INTERVAL_S, or at once on SIGHUP (kill -HUP <pid>)');
  }
  return exitCodeOf(results);
}

if ((import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('admin.ts')) && process.argv[2] === 'data') {
  try {
    process.exitCode = await runDataCommand(process.argv.slice(3));
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : String(error));
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
} else if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('admin.ts')) {
  const db = await openStorage(loadConfig());
  try {
    console.log(JSON.stringify(await runAdmin(db, process.argv.slice(2)), null, 2));
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : String(error));
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } finally {
    db.close();
  }
}
