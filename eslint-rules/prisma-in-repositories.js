// The layering rule "only *-repository.ts files use Prisma or SQL", as a lint rule. It reads types, so a
// `cache.delete(key)` or `list.count` is not taken for a query: a model call is a method of a Prisma model
// delegate (`prisma.user.findMany`, `tx.event.update`), whatever the client's variable is called. Raw SQL
// (`$queryRaw`, `$executeRaw`, …) is recognised by its name. `$transaction` stays allowed: a service may open
// the transaction and hand its client to repository functions.

/** What a Prisma model delegate can be asked (Prisma 6). */
const MODEL_METHODS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
]);

const RAW_METHODS = new Set([
  '$queryRaw',
  '$queryRawUnsafe',
  '$queryRawTyped',
  '$executeRaw',
  '$executeRawUnsafe',
  '$runCommandRaw',
]);

/** True when `type` is a model delegate of the generated Prisma client. */
function isModelDelegate(type) {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol || !symbol.getName().endsWith('Delegate')) return false;
  return (symbol.getDeclarations() ?? []).some((declaration) =>
    /[\\/](\.prisma|@prisma)[\\/]client[\\/]/.test(declaration.getSourceFile().fileName),
  );
}

export const prismaInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Prisma model calls and raw SQL only in *-repository.ts files' },
    messages: {
      model:
        'Prisma model calls belong in a *-repository.ts file; call a repository function (pass it the transaction client).',
      raw: 'Raw SQL belongs in a *-repository.ts file; call a repository function (pass it the transaction client).',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) throw new Error('local/prisma-in-repositories needs type information (projectService)');
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return;
        const name = node.property.name;
        if (RAW_METHODS.has(name)) {
          context.report({ node: node.property, messageId: 'raw' });
        } else if (MODEL_METHODS.has(name) && isModelDelegate(services.getTypeAtLocation(node.object))) {
          context.report({ node: node.property, messageId: 'model' });
        }
      },
    };
  },
};

export default { rules: { 'prisma-in-repositories': prismaInRepositories } };
