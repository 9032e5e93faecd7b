// npm install's last step (the "postinstall" script): check that the native database driver
// loads on the Node.js that runs the store, and build it for that Node if it does not.
//
// The store runs on the Node.js 24 that the `node` package brings (npm puts node_modules/.bin
// first on the PATH of every npm script), while npm itself may run on an older system Node.
// better-sqlite3 13 ships Node-API binaries for the common platforms, which load on any Node
// from 22 on; on a platform without one, this script compiles it against the headers that the
// `node` package ships (a machine's npm may point node-gyp at the system Node's headers, which
// would give a binary for the wrong Node). Plain JavaScript, so that it speaks clearly on any Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

function driverLoads() {
  const probe = spawnSync(
    process.execPath,
    ['-e', "const D = require('better-sqlite3'); new D(':memory:').close()"],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { ok: probe.status === 0, error: probe.stderr.trim().split('\n').slice(0, 6).join('\n') };
}

/** The folder holding include/node/node.h for the running Node, if one is on the disk. */
function headersFor(execPath) {
  const candidates = [path.resolve(execPath, '../..')];
  // The `node` package keeps the platform's Node distribution in a package of its own.
  const nested = path.join(ROOT, 'node_modules/node/node_modules');
  if (existsSync(nested)) {
    for (const name of readdirSync(nested)) candidates.push(path.join(nested, name));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'include/node/node.h')));
}

if (!process.version.startsWith('v24.')) {
  console.warn(
    `native-modules: this step runs on Node ${process.version}, not the store's Node 24 ` +
      '(did the `node` package install?). npm start and npm test expect node_modules/.bin/node.',
  );
}

const before = driverLoads();
if (before.ok) process.exit(0);

const nodedir = headersFor(process.execPath);
console.log(
  `native-modules: better-sqlite3 does not load on Node ${process.version}; building it` +
    (nodedir ? ` against ${path.relative(ROOT, nodedir) || nodedir}` : ''),
);
const args = ['--prefix', path.join(ROOT, 'node_modules/better-sqlite3'), 'run', 'build-release'];
if (nodedir) args.push(`--nodedir=${nodedir}`);
const rebuild = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
const after = driverLoads();
if (rebuild.status !== 0 || !after.ok) {
  console.error(
    `native-modules: better-sqlite3 does not load:\n${before.error}\n` +
      'Building it needs python3, make and a C++ compiler (Debian: apt-get install build-essential).',
  );
  process.exit(1);
}
console.log(`native-modules: better-sqlite3 built for Node ${process.version}`);
