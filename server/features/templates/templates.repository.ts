import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { templates, users } from '../../db/schema';
import type { Channel } from '@shared/schemas/domain';
import type { Language } from '@shared/i18n/languages';

export type TemplateRow = typeof templates.$inferSelect;
type NewTemplate = Omit<typeof templates.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
type Executor = Pick<Database, 'update' | 'insert'>;

/** Clears the other defaults of the channel and language, so the partial unique index accepts the new one. */
async function clearDefaults(
  tx: Executor,
  ownerId: number,
  channel: Channel,
  language: Language,
  exceptId?: number,
) {
  await tx
    .update(templates)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(templates.ownerId, ownerId),
        eq(templates.channel, channel),
        eq(templates.language, language),
        eq(templates.isDefault, true),
        exceptId === undefined ? undefined : ne(templates.id, exceptId),
      ),
    );
}

export function createTemplatesRepository(db: Database) {
  return {
    async list(ownerId: number): Promise<TemplateRow[]> {
      return db
        .select()
        .from(templates)
        .where(eq(templates.ownerId, ownerId))
        .orderBy(
          asc(templates.channel),
          // English first, then the other languages by code.
          asc(sql`${templates.language} <> 'en'`),
          asc(templates.language),
          desc(templates.isDefault),
          asc(templates.name),
          asc(templates.id),
        );
    },

    async findById(ownerId: number, id: number): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(templates)
        .where(and(eq(templates.ownerId, ownerId), eq(templates.id, id)));
      return row;
    },

    async insert(ownerId: number, values: NewTemplate): Promise<TemplateRow> {
      return db.transaction(async (tx) => {
        if (values.isDefault) await clearDefaults(tx, ownerId, values.channel, values.language ?? 'en');
        const [row] = await tx
          .insert(templates)
          .values({ ...values, ownerId })
          .returning();
        return row!;
      });
    },

    async update(
      ownerId: number,
      id: number,
      channel: Channel,
      language: Language,
      changes: Partial<NewTemplate>,
    ): Promise<TemplateRow | undefined> {
      return db.transaction(async (tx) => {
        if (changes.isDefault) await clearDefaults(tx, ownerId, channel, language, id);
        const [row] = await tx
          .update(templates)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(templates.ownerId, ownerId), eq(templates.id, id)))
          .returning();
        return row;
      });
    },

    async remove(ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(templates)
        .where(and(eq(templates.ownerId, ownerId), eq(templates.id, id)))
        .returning({ id: templates.id });
      return rows.length > 0;
    },

    /** The name the {{business}} placeholder stands for: company name, else first name. */
    async businessName(ownerId: number): Promise<string> {
      const [row] = await db
        .select({ companyName: users.companyName, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, ownerId));
      return row ? row.companyName.trim() || row.firstName : '';
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
