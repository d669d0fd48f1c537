import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { items } from '../../db/schema/catalog';
import { customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/orders';
import { loyaltyPrograms, loyaltyTiers, programmeRuleVersions } from '../../db/schema/loyalty';

export type VersionRow = typeof programmeRuleVersions.$inferSelect;

/** Every version of the programme, in the order they apply: by day, the later written last on the same day. */
export async function versionsOfProgram(db: Executor, program: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(programmeRuleVersions)
    .where(eq(programmeRuleVersions.loyalty_program, program))
    .orderBy(asc(programmeRuleVersions.effective_from), asc(programmeRuleVersions.id));
}

export async function insertVersion(tx: Executor, row: typeof programmeRuleVersions.$inferInsert): Promise<VersionRow> {
  const [inserted] = await tx.insert(programmeRuleVersions).values(row).returning();
  return inserted!;
}

/** Serialises rule changes of one programme (two managers saving at once each build on what the other wrote). */
export async function lockProgram(tx: Executor, program: string) {
  const [row] = await tx.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms).where(eq(loyaltyPrograms.name, program)).for('update');
  return row ?? null;
}

export async function programRow(db: Executor, program: string) {
  const [row] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.name, program)).limit(1);
  return row ?? null;
}

/** The programme a caller means: the one named, or the first one created (members join it). */
export async function defaultProgramName(db: Executor): Promise<string | null> {
  const [row] = await db.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms).orderBy(asc(loyaltyPrograms.creation), asc(loyaltyPrograms.name)).limit(1);
  return row?.name ?? null;
}

export async function programNames(db: Executor): Promise<string[]> {
  return (await db.select({ name: loyaltyPrograms.name }).from(loyaltyPrograms).orderBy(asc(loyaltyPrograms.name))).map((r) => r.name);
}

export async function tierTable(db: Executor, program: string) {
  return db.select().from(loyaltyTiers).where(eq(loyaltyTiers.loyalty_program, program)).orderBy(asc(loyaltyTiers.min_points));
}

/** Names among `names` that are not branches. */
export async function unknownBranches(db: Executor, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const rows = await db.select({ name: branches.name }).from(branches).where(inArray(branches.name, names));
  const known = new Set(rows.map((r) => r.name));
  return names.filter((n) => !known.has(n));
}

/** Tier names that items still name among their eligible tiers (a tier in use cannot be removed). */
export async function tiersNamedByItems(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ tier: sql<string>`unnest(${items.eligible_tiers})` }).from(items);
  return rows.map((r) => r.tier);
}

export async function customerExists(db: Executor, customer: string): Promise<boolean> {
  const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.name, customer)).limit(1);
  return Boolean(row);
}
