// The deployment files (Dockerfile, compose.yaml, the systemd unit in docs/operations-deploy.md) cannot be run
// here (no Docker), so they are read and held to the repository: what they copy exists or is built, they start
// the server exactly as `npm run serve` does, their settings are the server's, and the image's health check
// really answers from a running server.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBAPP_DIST } from '../../api/src/app';
import { MIGRATIONS_DIR } from '../../api/src/db/migrate';
import { startTestApp, type TestApp } from '../support/test-app';
import { productEnv } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

// --- `npm run serve` ------------------------------------------------------------------------------------------

/** `exec env NAME=value … node <options> <script>`: the environment, Node's options and the script. */
function serveCommand() {
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const words = scripts.serve!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let at = 0;
  if (words[at] === 'exec') at += 1;
  if (words[at] === 'env') at += 1;
  for (; words[at]?.includes('='); at += 1) {
    const [name, ...value] = words[at]!.split('=');
    env[name!] = value.join('=');
  }
  expect(words[at], 'the serve script runs node').toBe('node');
  const rest = words.slice(at + 1);
  return { env, nodeOptions: rest.slice(0, -1), script: rest.at(-1)! };
}

// --- the Dockerfile -------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
  stage: string;
}

/** Instructions with their stage's name (continued lines joined, comments and parser directives left out). */
function dockerfile(): { instructions: Instruction[]; stages: string[] } {
  const logical = read('Dockerfile')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim());
  const instructions: Instruction[] = [];
  const stages: string[] = [];
  let stage = '';
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^\s*(\w+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length);
      stages.push(stage);
    }
    instructions.push({ keyword: keyword.toUpperCase(), args: args.trim(), stage });
  }
  return { instructions, stages };
}

/** An instruction's words: its JSON (exec) form, or split on white space. */
const wordsOf = (args: string): string[] =>
  args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/).filter(Boolean);

/** COPY's flags (--from=…), sources and destination. */
function copyParts(args: string) {
  const words = wordsOf(args);
  const flags = Object.fromEntries(
    words.filter((word) => word.startsWith('--')).map((flag) => flag.slice(2).split('=') as [string, string]),
  );
  const paths = words.filter((word) => !word.startsWith('--'));
  return { from: flags.from as string | undefined, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

/** ENV NAME=value … (and the old `ENV NAME value`). */
function envOf(args: string): Record<string, string> {
  if (!args.includes('=')) {
    const [name, ...value] = args.split(/\s+/);
    return { [name!]: value.join(' ') };
  }
  return Object.fromEntries(
    [...args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)].map(([, name, value]) => [
      name!,
      value!.startsWith('"') ? (JSON.parse(value!) as string) : value!,
    ]),
  );
}

/** Where a COPY lands, from the stage's WORKDIR at that point. */
function copiedTo(instructions: Instruction[], copy: Instruction, destination: string, source: string): string {
  const before = instructions.slice(0, instructions.indexOf(copy)).filter((i) => i.stage === copy.stage);
  const workdir = before.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
  const target = path.posix.resolve(workdir, destination);
  return destination.endsWith('/') || destination === '.'
    ? path.posix.join(target, path.posix.basename(source))
    : target;
}

/** The folders `npm run build` writes (scripts/build.mjs names each part's output file). */
function buildOutputs(): string[] {
  return [...read('scripts/build.mjs').matchAll(/output: '([^']+)'/g)].map(([, file]) => path.posix.dirname(file!));
}

// --- compose.yaml and .env.example -----------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: string | { context?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
}

const compose = () => load(read('compose.yaml')) as { services: Record<string, ComposeService>; volumes?: object };

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  const pairs = Array.isArray(env)
    ? env.map((entry) => entry.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(env).map(([name, value]) => [name, String(value ?? '')] as [string, string]);
  return Object.fromEntries(pairs);
}

/** A compose value as Compose makes it: `${NAME:-default}` gives the default, a required `${NAME:?…}` a sample. */
const withDefaults = (value: string) =>
  value.replace(/\$\{\w+:?-([^}]*)\}/g, '$1').replace(/\$\{\w+(:?\?[^}]*)?\}/g, 'sample');

const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  expect(match, `a duration like 20s: ${duration}`).not.toBeNull();
  return Number(match![1]) * (match![2] === 'm' ? 60 : 1);
};

const envExampleNames = () =>
  new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name!));

/** The services built from this repository: the app's instances. */
function appServices(): Array<[string, ComposeService]> {
  return Object.entries(compose().services).filter(([, service]) => {
    const context = typeof service.build === 'string' ? service.build : service.build?.context;
    return context === '.' || context === './';
  });
}

// --- the systemd unit in the docs ------------------------------------------------------------------------------

function systemdUnit() {
  const doc = read('docs/operations-deploy.md');
  const unit = [...doc.matchAll(/```ini\n([\s\S]*?)```/g)]
    .map(([, body]) => body!)
    .find((b) => b.includes('[Service]'));
  expect(unit, 'docs/operations-deploy.md has a systemd unit in an ini block').toBeDefined();
  const lines = unit!.split('\n').map((line) => line.trim());
  const values = (key: string) => lines.filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));
  return {
    env: Object.fromEntries(
      values('Environment').flatMap((value) =>
        value.split(/\s+/).map((pair) => pair.replace(/^"|"$/g, '').split(/=(.*)/s).slice(0, 2) as [string, string]),
      ),
    ),
    execStart: values('ExecStart')[0]?.split(/\s+/) ?? [],
    workingDirectory: values('WorkingDirectory')[0] ?? '/',
    user: values('User')[0],
    timeoutStopSec: Number(values('TimeoutStopSec')[0]),
    killMode: values('KillMode')[0],
  };
}

describe('deployment files', () => {
  const { instructions, stages } = dockerfile();
  const final = stages.at(-1)!;
  const inFinal = (keyword: string) => instructions.filter((i) => i.stage === final && i.keyword === keyword);

  it('When the Dockerfile copies from the build context, then every path exists and .dockerignore keeps it', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
    const sources = instructions
      .filter((i) => i.keyword === 'COPY' && !copyParts(i.args).from)
      .flatMap((i) => copyParts(i.args).sources);
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect(existsSync(path.join(ROOT, source)), `${source} exists`).toBe(true);
      const top = source.split('/')[0];
      expect(ignored, `.dockerignore lets ${source} through`).not.toContain(top);
    }
  });

  it('When the image is built, then a build stage runs the full install and `npm run build`, and the last stage installs run-time packages only', () => {
    const runs = (stage: string) =>
      instructions.filter((i) => i.stage === stage && i.keyword === 'RUN').map((i) => i.args);
    const builder = stages.find((stage) => runs(stage).some((run) => /\bnpm run build\b/.test(run)));
    expect(builder, 'a stage runs npm run build').toBeDefined();
    expect(builder).not.toBe(final);
    expect(runs(builder!).some((run) => /\bnpm ci\b/.test(run) && !run.includes('--omit=dev'))).toBe(true);
    expect(runs(final).some((run) => /\bnpm ci\b[^&]*--omit=dev/.test(run))).toBe(true);
    expect(runs(final).some((run) => /\bnpm run build\b/.test(run))).toBe(false);
  });

  it('When the final stage copies from the build stage, then it takes what `npm run build` writes, and the server finds its web app and migrations where it reads them', () => {
    const workdir = inFinal('WORKDIR').at(-1)!.args;
    const fromBuild = inFinal('COPY').filter((i) => copyParts(i.args).from);
    const builderWorkdir = (stage: string) =>
      instructions.filter((i) => i.stage === stage && i.keyword === 'WORKDIR').at(-1)!.args;
    const outputs = buildOutputs();
    expect(outputs).toEqual(expect.arrayContaining(['dist/server', 'dist/webapp']));
    const landed = new Set<string>();
    for (const copy of fromBuild) {
      const { from, sources, destination } = copyParts(copy.args);
      expect(stages, `COPY --from=${from} names a stage`).toContain(from);
      for (const source of sources) {
        const built = path.posix.relative(builderWorkdir(from!), source);
        expect(outputs, `${source} is written by npm run build`).toContain(built);
        landed.add(path.posix.relative(workdir, copiedTo(instructions, copy, destination, source)));
      }
    }
    for (const copy of inFinal('COPY').filter((i) => !copyParts(i.args).from)) {
      const { sources, destination } = copyParts(copy.args);
      for (const source of sources)
        landed.add(path.posix.relative(workdir, copiedTo(instructions, copy, destination, source)));
    }
    // The bundle resolves these against the repository's layout: the same layout under WORKDIR.
    const serverNeeds = [WEBAPP_DIST, MIGRATIONS_DIR, path.join(ROOT, 'dist/server')].map((dir) =>
      path.relative(ROOT, dir).split(path.sep).join('/'),
    );
    for (const need of serverNeeds) expect([...landed], `the image has ${need}`).toContain(need);
    expect(landed).toContain('package.json');
  });

  it('When the image starts, then its command is `npm run serve`: the same node options, script and environment', () => {
    const serve = serveCommand();
    expect(Object.keys(serve.env)).toContain('MALLOC_ARENA_MAX');
    const cmd = inFinal('CMD').at(-1)!;
    expect(cmd.args.startsWith('['), 'CMD in exec form: node is PID 1 and gets SIGTERM').toBe(true);
    expect(wordsOf(cmd.args)).toEqual(['node', ...serve.nodeOptions, serve.script]);
    const entrypoints = inFinal('ENTRYPOINT');
    expect(entrypoints).toEqual([]);
    const env = Object.assign({}, ...inFinal('ENV').map((i) => envOf(i.args))) as Record<string, string>;
    for (const [name, value] of Object.entries(serve.env)) expect(env[name], name).toBe(value);
    expect(env.NODE_ENV).toBe('production');
    expect(env.HOST).toBe('0.0.0.0');
  });

  it('When the image runs, then it runs as a user other than root', () => {
    const user = inFinal('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    // Nothing after USER switches back.
    const last = instructions.filter((i) => i.stage === final).map((i) => i.keyword);
    expect(last.lastIndexOf('USER')).toBeGreaterThan(last.lastIndexOf('RUN'));
  });

  describe('the health check', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp('pglite');
    });
    afterAll(() => app?.stop());

    /** Runs the image's HEALTHCHECK command here, as Docker runs it inside the container (PORT from ENV). */
    function runHealthCheck(port: string): Promise<number | null> {
      const check = inFinal('HEALTHCHECK').at(-1)!;
      const command = wordsOf(check.args.slice(check.args.indexOf('CMD') + 3).trim());
      return new Promise((resolve, reject) => {
        const child = spawn(command[0]!, command.slice(1), { env: productEnv({ PORT: port }), stdio: 'ignore' });
        child.once('error', reject);
        child.once('exit', (code) => resolve(code));
      });
    }

    it('When Docker runs the HEALTHCHECK against a running server, then it asks /api/health/live and passes; with nothing listening it fails', async () => {
      const check = inFinal('HEALTHCHECK').at(-1)!;
      expect(check.args).toContain('/api/health/live');
      const port = new URL(app.url).port;
      expect(await runHealthCheck(port)).toBe(0);
      await app.stop();
      expect(await runHealthCheck(port)).not.toBe(0);
    });
  });

  it('When compose.yaml runs the app, then PostgreSQL 15 and two instances built from this repository share one database and one backups volume', () => {
    const { services, volumes } = compose();
    const postgres = Object.values(services).filter((service) => service.image?.startsWith('postgres:'));
    expect(postgres).toHaveLength(1);
    expect(postgres[0]!.image).toMatch(/^postgres:15(\.\d+)?(-\S+)?$/);
    expect(postgres[0]!.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);

    const apps = appServices();
    expect(apps).toHaveLength(2);
    const [[, first], [, second]] = apps as [[string, ComposeService], [string, ComposeService]];
    const [one, two] = [environmentOf(first), environmentOf(second)];
    expect(one).toEqual(two);
    const postgresName = Object.entries(services).find(([, service]) => service === postgres[0])![0];
    expect(new URL(withDefaults(one.DATABASE_URL!)).hostname).toBe(postgresName);
    // Production needs the public address: the bot is then on its webhook, which any instance answers.
    expect(one.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL/);
    expect(one.NODE_ENV).toBe('production');

    const backupMount = (service: ComposeService) =>
      service.volumes?.find((volume) => volume.split(':')[1] === one.BACKUP_DIR);
    expect(backupMount(first)).toBeDefined();
    expect(backupMount(first)).toBe(backupMount(second));
    expect(Object.keys(volumes ?? {})).toContain(backupMount(first)!.split(':')[0]);
    // Each instance on host ports of its own: the app's PORT, and its metrics listener's when it has one.
    const published = apps.flatMap(([, service]) => service.ports ?? []);
    expect(new Set(published.map((port) => port.split(':').slice(0, -1).join(':'))).size).toBe(published.length);
    const inside = [one.PORT, withDefaults(one.METRICS_PORT ?? '')].filter(Boolean);
    for (const [, service] of apps) {
      expect((service.ports ?? []).map((port) => port.split(':').at(-1)).sort()).toEqual([...inside].sort());
    }
  });

  it('When compose.yaml sets a variable of the app, then .env.example describes it', () => {
    const known = envExampleNames();
    const names = appServices().flatMap(([, service]) => Object.keys(environmentOf(service)));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });

  it('When compose.yaml stops an instance, then it waits longer than the drain plus the stop', () => {
    for (const [name, service] of appServices()) {
      const drain = Number(withDefaults(environmentOf(service).SHUTDOWN_DRAIN_SECONDS ?? '5'));
      expect(seconds(service.stop_grace_period ?? '10s'), name).toBeGreaterThanOrEqual(drain + 10);
    }
  });

  it('When the docs give a systemd unit, then it runs `npm run serve`s command as a user other than root and waits for the drain', () => {
    const serve = serveCommand();
    const unit = systemdUnit();
    const [node, ...args] = unit.execStart;
    expect(node).toMatch(/(^|\/)node$/);
    expect(args.slice(0, -1)).toEqual(serve.nodeOptions);
    expect(path.posix.resolve(unit.workingDirectory, args.at(-1)!)).toBe(
      path.posix.resolve(unit.workingDirectory, serve.script),
    );
    for (const [name, value] of Object.entries(serve.env)) expect(unit.env[name], name).toBe(value);
    expect(unit.env.NODE_ENV).toBe('production');
    expect(unit.user).toBeDefined();
    expect(unit.user).not.toBe('root');
    expect(unit.timeoutStopSec).toBeGreaterThanOrEqual(15);
    // SIGTERM to the server only: a backup's pg_dump it is waiting for is not killed under it.
    expect(unit.killMode).toBe('mixed');
  });
});
