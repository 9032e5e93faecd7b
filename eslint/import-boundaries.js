import path from 'node:path';

/**
 * Which module may import which (docs/architecture.md, "Dependencies"):
 * - a feature never imports another feature: what two features share is vocabulary
 *   (app/commerce), the console kit (app/console) or a utility (app/lib); what one page shows of
 *   several features is composed by its route (or the layout), which passes one feature's parts to
 *   another as slots (props);
 * - the shared kits (app/commerce, app/console, app/lib, app/components/ui) import no feature;
 * - server/ is infrastructure: it imports no feature, except in its composition roots
 *   (server/app.ts and the command-line entry points), which mount and inject them.
 * Routes, the layout and the root compose features and may import any of their modules.
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

/** 'app/features/cart/cart-state' -> 'cart'. */
function featureOf(modulePath) {
  return /^app\/features\/([^/]+)\//.exec(modulePath)?.[1] ?? null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import each other; shared kits and server/ import no feature' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The project folder, which the paths below are relative to. */
          root: { type: 'string' },
          /** server/ modules allowed to import features. */
          compositionRoots: { type: 'array', items: { type: 'string' } },
          /** Folders (relative to root) whose modules every feature shares, and which import none. */
          sharedKits: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'compositionRoots', 'sharedKits'],
        additionalProperties: false,
      },
    ],
    messages: {
      featureImportsFeature:
        "Features never import each other: '{{target}}' belongs to the {{feature}} feature. Move what both need to app/commerce, app/console or app/lib, or let the route pass it in as a slot.",
      kitImportsFeature:
        "{{kit}} is shared by every feature and imports none ('{{target}}' belongs to the {{feature}} feature).",
      serverImportsFeature:
        "server/ is infrastructure and imports no feature ('{{target}}'): mount or inject it from the composition root ({{roots}}).",
    },
  },
  create(context) {
    const { root, compositionRoots, sharedKits } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (file.startsWith('../')) return {};
    const inServer = file.startsWith('server/') && !compositionRoots.includes(file);
    const kit = sharedKits.find((folder) => file.startsWith(`${folder}/`));
    const own = featureOf(file);
    if (!inServer && !kit && !own) return {};

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveModule(file, source.value);
      const feature = target && featureOf(target);
      if (!feature || feature === own) return;
      const data = { target: source.value, feature, kit, roots: compositionRoots.join(', ') };
      const messageId = inServer
        ? 'serverImportsFeature'
        : kit
          ? 'kitImportsFeature'
          : 'featureImportsFeature';
      context.report({ node: source, messageId, data });
    }

    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
