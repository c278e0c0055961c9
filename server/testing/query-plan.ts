import { Placeholder, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Transaction } from '../db/client';

/** Plans as lists of node types, for tests that check which index serves a query. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const nodeTypes = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

/** The query with its parameters written in (EXPLAIN takes no parameters through every driver alike). */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
}

let prepared = 0;

/** Prices whole-table scans out for the rest of the transaction (SET LOCAL ends with it). */
async function priceOutTableScans(tx: Transaction): Promise<void> {
  await tx.execute(sql`set local enable_seqscan = off`);
  await tx.execute(sql`set local enable_bitmapscan = off`);
}

/**
 * The plan Postgres makes once whole-table scans and sorts are priced out (as they are for page 1 of 200,000
 * reviews): a Sort left in it means no index delivers the list's order. SET LOCAL keeps the settings to this
 * transaction.
 */
export async function planOf(
  db: Database,
  query: { sql: string; params: unknown[] },
  /** For a prepared statement's query: its placeholders' values; the plan is then its generic plan. */
  values?: Record<string, unknown>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await priceOutTableScans(tx);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_incremental_sort = off`);
    let explained = inline(query);
    if (values) {
      // The plan Postgres keeps for a prepared statement after a few runs, made without its values.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const name = `plan_check_${(prepared += 1)}`;
      await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
      const args = query.params.map((param) =>
        literal(param instanceof Placeholder ? values[param.name] : param),
      );
      explained = `execute ${name}(${args.join(', ')})`;
    }
    const plan = parsedPlan(await tx.execute(sql.raw(`explain (format json) ${explained}`)));
    if (values) await tx.execute(sql.raw(`deallocate all`));
    return nodeTypes(plan);
  });
}

/**
 * The index scans of a query's plan once whole-table scans are priced out, each as `index name: its condition`
 * (empty for a walk of the whole index). Sorts stay allowed: an index read for its order is not what is asked.
 */
export async function indexScansOf(
  db: Database,
  query: { sql: string; params: unknown[] },
): Promise<string[]> {
  const plan = await db.transaction(async (tx) => {
    await priceOutTableScans(tx);
    return parsedPlan(await tx.execute(sql.raw(`explain (format json) ${inline(query)}`)));
  });
  return nodesOf(plan)
    .filter((node) => node['Index Name'])
    .map((node) => `${node['Index Name']}: ${node['Index Cond'] ?? ''}`);
}

function parsedPlan(result: unknown): PlanNode {
  const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(result);
  const plan = row!['QUERY PLAN'];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }])[0].Plan;
}
