import path from 'node:path';

/**
 * Which module may import which (docs/architecture.md, "Dependencies"):
 * - server/ is infrastructure: it imports no feature, except in its composition root
 *   (server/app.ts), which mounts and injects them;
 * - a feature is reached from outside its folder (another feature, a route, the layout, the
 *   composition root) only through the public entry points named in the options.
 * Relative paths and the `~/` (app/) and `#server/` aliases are resolved; packages are not checked.
 */
const EXTENSION = /\.(ts|tsx|js|jsx|mjs)$/;

/** The project-relative module an import names (no extension, no /index), or null for a package. */
function resolveModule(fromFile, source) {
  let target;
  if (source.startsWith('./') || source.startsWith('../')) {
    target = path.posix.join(path.posix.dirname(fromFile), source);
  } else if (source.startsWith('~/')) {
    target = `app/${source.slice(2)}`;
  } else if (source.startsWith('#server/')) {
    target = `server/${source.slice('#server/'.length)}`;
  } else {
    return null;
  }
  return target.replace(EXTENSION, '').replace(/\/index$/, '');
}

/** 'app/features/cart/cart-state' -> { feature: 'cart', module: 'cart-state' }. */
function featureOf(modulePath) {
  const match = /^app\/features\/([^/]+)\/(.+)$/.exec(modulePath);
  return match ? { feature: match[1], module: match[2] } : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps server/ free of features and features behind their public entry points' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The project folder, which the paths below are relative to. */
          root: { type: 'string' },
          /** server/ modules allowed to import features. */
          compositionRoots: { type: 'array', items: { type: 'string' } },
          /** Feature name -> its public modules, relative to the feature folder, no extension. */
          publicEntries: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        required: ['root', 'compositionRoots', 'publicEntries'],
        additionalProperties: false,
      },
    ],
    messages: {
      serverImportsFeature:
        "server/ is infrastructure and imports no feature ('{{target}}'): mount or inject it from the composition root ({{roots}}).",
      privateModule:
        "'{{target}}' is not a public entry point of the {{feature}} feature. Use one of its entry points ({{entries}}; eslint.config.js names them) or take it as a slot from the route.",
    },
  },
  create(context) {
    const { root, compositionRoots, publicEntries } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (file.startsWith('../')) return {};
    const inServer = file.startsWith('server/') && !compositionRoots.includes(file);
    const own = featureOf(file)?.feature;

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveModule(file, source.value);
      const reached = target && featureOf(target);
      if (!reached) return;
      if (inServer) {
        context.report({
          node: source,
          messageId: 'serverImportsFeature',
          data: { target: source.value, roots: compositionRoots.join(', ') },
        });
        return;
      }
      if (reached.feature === own) return;
      const entries = publicEntries[reached.feature] ?? [];
      if (entries.includes(reached.module)) return;
      context.report({
        node: source,
        messageId: 'privateModule',
        data: {
          target: source.value,
          feature: reached.feature,
          entries: entries.length > 0 ? entries.join(', ') : 'none',
        },
      });
    }

    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
