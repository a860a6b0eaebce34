// ESLint rule: core must not touch the DOM while it is being imported. Browser globals may be
// used inside functions (they run later, in a browser), never in code that runs at module load.
const BROWSER_GLOBALS = new Set([
  'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history',
  'customElements', 'HTMLElement', 'matchMedia', 'indexedDB', 'screen', 'self',
]);

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'MethodDefinition', 'PropertyDefinition']);

function insideFunction(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (FUNCTION_TYPES.has(current.type)) return true;
  }
  return false;
}

/** `typeof window` only asks whether it exists. */
function isTypeofOperand(node) {
  return node.parent?.type === 'UnaryExpression' && node.parent.operator === 'typeof';
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow browser globals in code that runs when the module is imported' },
    schema: [],
    messages: {
      importTime: "'{{name}}' is read while the module is imported; move it into a function (core runs in Node and on other sites too).",
    },
  },
  create(context) {
    return {
      Program(program) {
        let globalScope = context.sourceCode.getScope(program);
        while (globalScope.upper) globalScope = globalScope.upper;
        // Globals declared in the config resolve to variables; undeclared ones stay in `through`.
        const declared = [...BROWSER_GLOBALS].flatMap((name) => globalScope.set.get(name)?.references ?? []);
        for (const reference of [...globalScope.through, ...declared]) {
          const { identifier } = reference;
          if (!BROWSER_GLOBALS.has(identifier.name)) continue;
          if (isTypeofOperand(identifier) || insideFunction(identifier)) continue;
          context.report({ node: identifier, messageId: 'importTime', data: { name: identifier.name } });
        }
      },
    };
  },
};
