// Compiles the server (API, bot, notification worker) and its CLIs to plain JavaScript in dist/server:
// main.js (`npm run serve`), admin.js (`npm run admin` in production), migrate.js (`db:migrate`), and backup.js and
// restore.js (`npm run backup` / `npm run restore`).
//
// Packages stay in node_modules and load from there at run time (PGlite reads its WASM and data files beside its
// own code; sharp loads its native libvips binding, which no bundle can hold), so they must be `dependencies`: the build fails when the bundle imports one that is not. The
// generated Prisma client is the exception: it lives in node_modules/.prisma, which only `prisma generate` (a
// devDependency) writes, so it is compiled in, and its query compiler (WASM) is copied beside the bundle.
import { build, stop } from 'esbuild';
import { builtinModules } from 'node:module';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT = path.join(ROOT, 'dist/server');
const GENERATED_CLIENT = path.join(ROOT, 'node_modules/.prisma/client');
const ENTRIES = {
  main: 'api/src/main.ts',
  admin: 'api/src/cli/admin.ts',
  migrate: 'api/src/db/migrate-cli.ts',
  backup: 'api/src/cli/backup.ts',
  restore: 'api/src/cli/restore.ts',
};

/** Bare imports stay imports, except Prisma's client and the code generated for it. */
const packagesExceptPrismaClient = {
  name: 'packages-except-prisma-client',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]|^\.[^./]/ }, (args) => {
      if (/^(@prisma\/client|\.prisma\/client)(\/|$)/.test(args.path)) return undefined;
      if (args.path.startsWith('#')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * `import.meta.url` keeps meaning the source file's own URL, so paths made from it (the built web app, the
 * migrations folder) resolve exactly as they do under tsx, wherever the bundle sits in the tree.
 */
const sourceRelativeImportMetaUrl = {
  name: 'source-relative-import-meta-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(SERVER_OUT, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/** What makes this build: the server's sources, its migrations and its locked dependencies. */
const BUILD_SOURCES = ['api/src', 'bot/src', 'shared', 'prisma/migrations', 'package-lock.json'];

function hashTree(hash, relative) {
  const full = path.join(ROOT, relative);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    hash.update(`${relative}\0`).update(readFileSync(full)).update('\0');
    return;
  }
  for (const name of readdirSync(full).sort()) hashTree(hash, path.join(relative, name));
}

/**
 * The build's identity (api/src/lib/build-id.ts): the same on every machine that builds the same tree, so the
 * instances behind a load balancer give the same version ETags.
 */
export function buildId() {
  const hash = createHash('sha256');
  for (const source of BUILD_SOURCES) hashTree(hash, source);
  return hash.digest('hex').slice(0, 12);
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function buildServer() {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // The compiled-in Prisma client is CommonJS: give it require, __filename and __dirname (= dist/server, where
    // its WASM file is copied).
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const require = __createRequire(import.meta.url);',
        'const __filename = __fileURLToPath(import.meta.url);',
        "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
      ].join('\n'),
    },
    define: { __BUILD_ID__: JSON.stringify(buildId()) },
    plugins: [packagesExceptPrismaClient, sourceRelativeImportMetaUrl],
  }).finally(() => stop()); // esbuild's service process would otherwise live as long as `npm start`'s server
  for (const file of ['schema.prisma', 'query_compiler_bg.wasm']) {
    copyFileSync(path.join(GENERATED_CLIENT, file), path.join(SERVER_OUT, file));
  }

  const { dependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:') || builtins.has(specifier)) continue;
      if (!(packageName(specifier) in dependencies)) missing.add(packageName(specifier));
    }
  }
  if (missing.size) {
    throw new Error(`The server imports packages that are not dependencies: ${[...missing].join(', ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildServer().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
