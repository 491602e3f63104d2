// What the server writes into audit entries' details, read from its source the way the compiler reads it: every
// record the API builds (an object with actorId, action and subject) and the names its details can hold, spreads
// included, plus the details the database's own functions write (jsonb_build_object in a migration's INSERT INTO
// audit_log). The type check already refuses an unknown name written in place; this also sees the names that
// reach a record through a spread or a variable, which the type check lets pass.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../../scripts/i18n-extract';

export interface AuditWrites {
  /** Each detail name with the files that write it. */
  names: Map<string, Set<string>>;
  /** How many records were found (a scan that finds none has stopped seeing them). */
  records: number;
  /** Details whose names cannot be known (an index signature, a computed name): file:line. */
  unknowable: string[];
}

export function auditDetailNamesInApi(): AuditWrites {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const apiDir = path.join(ROOT, 'api', 'src') + path.sep;
  const program = ts.createProgram(
    config.fileNames.filter((file) => path.resolve(file).startsWith(apiDir)),
    config.options,
  );
  const checker = program.getTypeChecker();
  const result: AuditWrites = { names: new Map(), records: 0, unknowable: [] };

  for (const source of program.getSourceFiles()) {
    if (!path.resolve(source.fileName).startsWith(apiDir)) continue;
    const file = path.relative(ROOT, source.fileName);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (name: string) => {
      if (!result.names.has(name)) result.names.set(name, new Set());
      result.names.get(name)!.add(file);
    };
    const namesOfType = (type: ts.Type, node: ts.Node) => {
      for (const part of type.isUnion() ? type.types : [type]) {
        if (part.getStringIndexType()) result.unknowable.push(where(node));
        for (const property of part.getProperties()) add(property.name);
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const named = (name: string) =>
          node.properties.find(
            (property) => property.name && ts.isIdentifier(property.name) && property.name.text === name,
          );
        if (named('actorId') && named('action') && named('subject')) {
          result.records += 1;
          const details = named('details');
          if (details && ts.isPropertyAssignment(details) && ts.isObjectLiteralExpression(details.initializer)) {
            for (const property of details.initializer.properties) {
              if (ts.isSpreadAssignment(property))
                namesOfType(checker.getNonNullableType(checker.getTypeAtLocation(property.expression)), property);
              else if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
                add(property.name.text);
              else result.unknowable.push(where(property));
            }
          } else if (details) {
            namesOfType(checker.getNonNullableType(checker.getTypeAtLocation(details)), details);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return result;
}

/** The top-level arguments of the call whose '(' is at `open`. */
function argumentsAt(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return [...args, text.slice(start, index).trim()];
    else if (char === ',' && depth === 1) {
      args.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  throw new Error('unbalanced parentheses');
}

/** The detail names the migrations' SQL writes into audit_log, each with its migration. */
export function auditDetailNamesInSql(): Map<string, string> {
  const names = new Map<string, string>();
  const dir = path.join(ROOT, 'prisma', 'migrations');
  for (const migration of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const sql = readFileSync(path.join(dir, migration.name, 'migration.sql'), 'utf8');
    for (const insert of sql.matchAll(/INSERT INTO [\w."]*audit_log"?[^;]*;/gi)) {
      for (const call of insert[0].matchAll(/jsonb_build_object\s*\(/gi)) {
        const args = argumentsAt(insert[0], call.index + call[0].length - 1);
        // Name, value, name, value...
        for (let index = 0; index < args.length; index += 2)
          names.set(args[index]!.replace(/^'|'$/g, ''), migration.name);
      }
    }
  }
  return names;
}
