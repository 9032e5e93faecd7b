// The production entry: `npm start` runs its compiled form, build/node/server.js (made by
// scripts/build-server.ts), which carries React Router's server build inside.
//
// React and other packages choose their development or production build from NODE_ENV when
// they are first loaded, so it is set before anything loads: this module imports nothing
// statically, and what it imports below comes from a chunk of its own.
process.env.NODE_ENV ??= 'production';

const [{ main }, build] = await Promise.all([import('./index'), import('virtual:react-router/server-build')]);
await main(build);

export {};
