/**
 * The SQL each repository sends, rendered for both engines so a review sees what SQLite and PostgreSQL
 * actually receive (the idea of Immich's server/src/queries, built differently): every method of every
 * `sync-server/src/repositories/*.repository.ts` is called once per engine on a Kysely whose driver
 * records each compiled statement (transactions included) and answers each read with one empty row,
 * with representative arguments made from the method's parameter types (read with the TypeScript
 * checker, so a new method is rendered without a list to keep). A method that returns a query builder
 * shows its compiled query; one that pages (an async generator) shows its first page's.
 *
 * `node --import tsx sync-server/sql/write.ts` writes the files (`<repository>.{sqlite,postgres}.sql`
 * here); `render.test.ts` renders them again and fails when the checked-in files differ. The hand-written
 * per-engine SQL (the hot path, job claims, locks, text search) lives in `src/db/dialect/` beside them.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely'
import ts from 'typescript'
import { lockingFor } from '../src/db/dialect/locking.ts'
import { textSearchFor } from '../src/db/dialect/text-search.ts'
import type { EngineName } from '../src/db/engine.ts'
import type { Database } from '../src/db/schema.ts'

export const SQL_DIR = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(SQL_DIR, '../..')
const REPOSITORIES = path.join(ROOT, 'sync-server/src/repositories')
const ENGINES: EngineName[] = ['sqlite', 'postgres']

/**
 * A driver that runs nothing: it keeps each statement (transactions included) and answers a read (a
 * select, or a write that returns rows) with one empty row, so a method that needs a row found (the
 * account check after a person's lock, `executeTakeFirstOrThrow`) goes on to its next statements.
 */
class RecordingDriver implements Driver {
  readonly statements: CompiledQuery[] = []
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const statements = this.statements
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        statements.push(query)
        return { rows: /^\s*(select|with)\b|\breturning\b/i.test(query.sql) ? [{} as R] : [], numAffectedRows: 1n }
      },
      // eslint-disable-next-line require-yield -- no rows to stream
      async *streamQuery() {
        return
      },
    }
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }
  async releaseConnection() {}
  async destroy() {}
}

function recordingDialect(engine: EngineName, driver: RecordingDriver): Dialect {
  return engine === 'sqlite'
    ? {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => driver,
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      }
    : {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => driver,
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      }
}

// ---- Representative arguments, from the parameter types ----

/** A fixed instant, so the rendered files do not change from run to run. */
const AN_INSTANT = Date.UTC(2026, 0, 15, 12, 0, 0)

/** A stand-in for a value the checker cannot describe as data: the database handle itself. */
const DATABASE = Symbol('database')

class ArgumentMaker {
  #count = 0
  constructor(private readonly checker: ts.TypeChecker, private readonly at: ts.Node) {}

  make(type: ts.Type, name: string, depth = 0): unknown {
    const checker = this.checker
    if (depth > 5) return null
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return this.number(name)
    if (type.isUnion()) {
      const members = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void)))
      if (members.length === 0) return null
      if (members.some((member) => member.flags & ts.TypeFlags.BooleanLiteral)) return true
      return this.make(members[0], name, depth)
    }
    if (type.isStringLiteral()) return type.value
    if (type.isNumberLiteral()) return type.value
    if (type.flags & ts.TypeFlags.BooleanLike) return true
    if (type.flags & ts.TypeFlags.NumberLike) return this.number(name)
    if (type.flags & ts.TypeFlags.BigIntLike) return 1n
    if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.TemplateLiteral)) return this.string(name)
    if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void)) return undefined
    const symbol = type.getSymbol() ?? type.aliasSymbol
    const symbolName = symbol?.getName()
    if (symbolName === 'Date') return new Date(AN_INSTANT)
    if (symbolName === 'Kysely' || symbolName === 'Transaction') return DATABASE
    if (symbolName === 'Uint8Array' || symbolName === 'Buffer') return Buffer.from('bytes')
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0]
      return element ? [this.make(element, name, depth + 1), this.make(element, name, depth + 1)] : []
    }
    if ((symbolName === 'Set' || symbolName === 'ReadonlySet') && (type as ts.TypeReference).typeArguments) {
      const element = checker.getTypeArguments(type as ts.TypeReference)[0]
      return new Set([this.make(element, name, depth + 1), this.make(element, name, depth + 1)])
    }
    if (type.getCallSignatures().length > 0) return () => undefined
    const object: Record<string, unknown> = {}
    for (const property of checker.getPropertiesOfType(type)) {
      object[property.getName()] = this.make(checker.getTypeOfSymbolAtLocation(property, this.at), property.getName(), depth + 1)
    }
    return object
  }

  /** Numbers count up (ids 1, 2, …); times are a fixed instant. */
  private number(name: string): number {
    if (/(^|_)(at|now|since|before|after|until)$|At$|Ms$|^now$|^since$|^before$|^after$/i.test(name)) return AN_INSTANT
    return ++this.#count
  }

  private string(name: string): string {
    if (/mail/i.test(name)) return 'learner@example.com'
    if (/day|date/i.test(name)) return '2026-01-15'
    if (/zone/i.test(name)) return 'Asia/Ho_Chi_Minh'
    if (/language/i.test(name)) return 'vi'
    if (/(^|_)at$|At$|iso/i.test(name)) return new Date(AN_INSTANT).toISOString()
    return `${name || 'text'}-${++this.#count}`
  }
}

interface MethodPlan {
  name: string
  args: unknown[]
}
interface RepositoryPlan {
  /** The file's name without `.repository.ts`: `ratings`. */
  name: string
  file: string
  factory: string
  /** What each of the factory's parameters after `db` is: 'locking', 'search', 'engine' (its name), or left out. */
  needs: Array<'locking' | 'search' | 'engine' | undefined>
  methods: MethodPlan[]
}

/** Each repository factory, its methods and their representative arguments, read from the types. */
function planRepositories(): RepositoryPlan[] {
  const files = fs
    .readdirSync(REPOSITORIES)
    .filter((file) => file.endsWith('.repository.ts'))
    .sort()
    .map((file) => path.join(REPOSITORIES, file))
  const configFile = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT)
  const program = ts.createProgram(files, { ...options, noEmit: true })
  const checker = program.getTypeChecker()
  const plans: RepositoryPlan[] = []
  for (const file of files) {
    const source = program.getSourceFile(file)!
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name || !/^create\w+Repository$/.test(statement.name.text)) continue
      if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue
      const signature = checker.getSignatureFromDeclaration(statement)!
      const needs = statement.parameters.slice(1).map((parameter) => {
        const typeName = checker.typeToString(checker.getTypeAtLocation(parameter))
        if (typeName === 'EngineName' || typeName === '"sqlite" | "postgres"') return 'engine' as const
        return typeName.includes('Locking') ? ('locking' as const) : typeName.includes('TextSearch') ? ('search' as const) : undefined
      })
      const repository = checker.getReturnTypeOfSignature(signature)
      const methods: MethodPlan[] = []
      for (const property of checker.getPropertiesOfType(repository)) {
        const type = checker.getTypeOfSymbolAtLocation(property, statement)
        const call = type.getCallSignatures()[0]
        if (!call) continue
        const maker = new ArgumentMaker(checker, statement)
        const args = call.getParameters().map((parameter) => maker.make(checker.getTypeOfSymbolAtLocation(parameter, statement), parameter.getName()))
        methods.push({ name: property.getName(), args })
      }
      plans.push({ name: path.basename(file, '.repository.ts'), file: path.relative(ROOT, file), factory: statement.name.text, needs, methods })
    }
  }
  return plans
}

// ---- Rendering ----

const CLAUSES = [
  'with',
  'select',
  'from',
  'inner join',
  'left join',
  'cross join',
  'where',
  'group by',
  'having',
  'order by',
  'limit',
  'offset',
  'insert into',
  'values',
  'update',
  'set',
  'delete from',
  'on conflict',
  'returning',
  'union all',
  'union',
]

/**
 * One clause a line, nested ones indented by their parentheses: Kysely compiles a statement to one line,
 * which a diff shows as one change whatever changed in it. Quoted text and identifiers are left alone.
 */
export function layOut(text: string): string {
  let out = ''
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quote) {
      out += char
      if (char === quote) quote = undefined
      continue
    }
    if (char === "'" || char === '"') {
      quote = char
      out += char
      continue
    }
    if (char === '(') depth++
    if (char === ')') depth = Math.max(0, depth - 1)
    const atWord = i > 0 && text[i - 1] === ' '
    const clause = atWord ? CLAUSES.find((word) => text.startsWith(word, i) && !/\w/.test(text[i + word.length] ?? '')) : undefined
    // `delete from`, `do update`: one clause, on one line.
    const joined = clause !== undefined && /(^|\s)(delete|do)\s$/.test(text.slice(Math.max(0, i - 8), i))
    if (clause && !joined && out.length > 0) {
      out = `${out.trimEnd()}\n${'  '.repeat(depth)}`
    }
    out += char
  }
  return out
}

function describe(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item instanceof Set ? [...item] : item === undefined ? null : item))
}

function statementText(query: CompiledQuery): string {
  const parameters = query.parameters.length > 0 ? `\n-- parameters: ${describe(query.parameters.map((value) => (value instanceof Date ? value.toISOString() : value)))}` : ''
  return `${layOut(query.sql.trim())};${parameters}`
}

const isCompilable = (value: unknown): value is { compile(): CompiledQuery } => typeof (value as { compile?: unknown } | null)?.compile === 'function'
const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> => typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function'

async function renderRepository(plan: RepositoryPlan, engine: EngineName): Promise<string> {
  const module = (await import(pathToFileURL(path.join(ROOT, plan.file)).href)) as Record<string, (...args: unknown[]) => Record<string, (...args: unknown[]) => unknown>>
  const sections: string[] = []
  for (const method of plan.methods) {
    const driver = new RecordingDriver()
    const db = new Kysely<Database>({ dialect: recordingDialect(engine, driver) })
    // A factory that picks its SQL by engine (jobs: the database clock) is told the engine rendered.
    const extras = plan.needs.map((need) => (need === 'locking' ? lockingFor(engine) : need === 'search' ? textSearchFor(engine) : need === 'engine' ? engine : undefined))
    const repository = module[plan.factory](db, ...extras)
    const args = method.args.map((arg) => (arg === DATABASE ? db : arg))
    let stopped = ''
    try {
      const result = repository[method.name](...args)
      if (isCompilable(result)) driver.statements.push(result.compile())
      else if (isAsyncIterable(result)) {
        for await (const page of result) void page // every page: one, since no statement answers more
      } else await result
    } catch (error) {
      stopped = `\n-- (stops here with no rows: ${(error as Error).message.split('\n')[0]})`
    }
    const body = driver.statements.length > 0 ? driver.statements.map(statementText).join('\n\n') : '-- (no statement for these arguments)'
    sections.push(`-- ${plan.name}.${method.name}(${method.args.map((arg) => (arg === DATABASE ? 'db' : describe(arg))).join(', ')})\n${body}${stopped}`)
  }
  const header = [
    `-- The SQL ${plan.file} sends to ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, one method at a time, with`,
    '-- representative arguments made from its parameter types. Rendered, not written by hand: after a change,',
    '-- `node --import tsx sync-server/sql/write.ts` (sync-server/sql/render.ts says how).',
  ].join('\n')
  return `${header}\n\n${sections.join('\n\n')}\n`
}

/** Every rendered file, by its name in sync-server/sql. */
export async function renderAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  // A value a repository makes from the clock or chance (a caption track's generation) renders the same every run.
  const { now, randomInt } = { now: Date.now, randomInt: crypto.randomInt }
  Date.now = () => AN_INSTANT
  crypto.randomInt = (() => 0) as typeof crypto.randomInt
  try {
    for (const plan of planRepositories()) {
      for (const engine of ENGINES) files.set(`${plan.name}.${engine}.sql`, await renderRepository(plan, engine))
    }
  } finally {
    Date.now = now
    crypto.randomInt = randomInt
  }
  return files
}

/** The rendered files checked in now. */
export function checkedIn(): Map<string, string> {
  return new Map(
    fs
      .readdirSync(SQL_DIR)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => [file, fs.readFileSync(path.join(SQL_DIR, file), 'utf8')]),
  )
}
