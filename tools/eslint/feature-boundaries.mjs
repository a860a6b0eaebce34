// ESLint rule: a feature (src/server/features/<area>/, src/app/features/<area>/) is entered only
// through its index.ts. Inside a feature anything goes; from elsewhere only the index is public.
// Two exceptions keep the schema one graph: a feature's tables.ts may reference another feature's
// tables.ts (foreign keys), and the server's shared/db/schema.ts gathers every tables.ts for
// Drizzle. Shared code (server shared/, app ui/) sits below the features and imports none of them;
// the schema aggregator is imported by the database module only. Between features, imports go
// down the layers written in feature-order.mjs: an import of the same or a higher layer is refused.
import { basename, dirname, join, resolve, sep } from 'node:path';
import { layerOf } from './feature-order.mjs';

// [, area, feature, path inside the feature ('' for the folder itself)]
const FEATURE = /[\\/]src[\\/](server|app)[\\/]features[\\/]([^\\/]+)(?:[\\/](.*))?$/;
const SHARED = /[\\/]src[\\/](server[\\/]shared|app[\\/]ui)[\\/]/;
const AGGREGATOR = join('src', 'server', 'shared', 'db', 'schema.ts');
const DATABASE = join('src', 'server', 'shared', 'db', 'database.ts');

const isIndex = (rest) => /^index(\.tsx?)?$/.test(rest) || rest === '';
const LAYERS = { server: layerOf('server'), app: layerOf('app') };

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Enter another feature only through its index.ts, and only one of a lower layer; shared code imports no feature' },
    schema: [],
    messages: {
      internals: "'{{source}}' reaches into the '{{feature}}' feature's internals; import it from that feature's index.ts.",
      shared: "Shared code ('{{folder}}') must not depend on a feature ('{{feature}}'); move what both need into the shared folder.",
      order:
        "'{{from}}' (layer {{fromLayer}}) must not import '{{to}}' (layer {{toLayer}}): a feature imports only features of lower layers (tools/eslint/feature-order.mjs); let the higher area call down or subscribe to an event.",
      unlisted: "The {{area}} feature '{{feature}}' has no layer in tools/eslint/feature-order.mjs; give it one.",
      aggregator: "Import a table from its feature (its index.ts, or tables.ts from a tables.ts), not from shared/db/schema.ts.",
    },
  },
  create(context) {
    const file = resolve(context.physicalFilename ?? context.filename);
    const own = file.match(FEATURE);
    const check = (node) => {
      const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!source || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (target.endsWith(AGGREGATOR) && !file.endsWith(DATABASE)) {
        context.report({ node, messageId: 'aggregator' });
        return;
      }
      const hit = target.match(FEATURE);
      if (!hit) return;
      const [, area, feature, rest = ''] = hit;
      if (own && own[1] === area && own[2] === feature) return;
      if (file.endsWith(AGGREGATOR) && basename(rest) === 'tables.ts') return;
      const shared = file.match(SHARED);
      if (shared) {
        context.report({ node, messageId: 'shared', data: { folder: shared[1].replace(sep, '/'), feature } });
        return;
      }
      if (own && basename(file) === 'tables.ts' && rest === 'tables.ts') return;
      if (own && own[1] === area) {
        const layers = LAYERS[area];
        for (const name of [own[2], feature]) {
          if (!layers.has(name)) {
            context.report({ node, messageId: 'unlisted', data: { area, feature: name } });
            return;
          }
        }
        const [fromLayer, toLayer] = [layers.get(own[2]) + 1, layers.get(feature) + 1];
        if (toLayer >= fromLayer) {
          context.report({ node, messageId: 'order', data: { from: own[2], fromLayer, to: feature, toLayer } });
          return;
        }
      }
      if (isIndex(rest)) return;
      context.report({ node, messageId: 'internals', data: { source, feature } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
