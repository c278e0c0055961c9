import {
  builtInTemplate,
  CreateTemplateSchema,
  SAMPLE_CONTACT_NAME,
  SAMPLE_LINK_PATH,
  TEMPLATE_BODY_MAX,
  TEMPLATE_MESSAGES,
  type CreateTemplateInput,
  type PreviewTemplateInput,
  type Template,
  type TemplatePreview,
  type UpdateTemplateInput,
} from '@shared/schemas/templates';
import { CHANNELS, type Channel } from '@shared/schemas/domain';
import { optOutAddition, renderMessage, smsSegments } from '@shared/templates';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { optOutWordsIn } from '../../lib/i18n';
import type { AppContext } from '../../lib/context';
import {
  createTemplatesRepository,
  type TemplateRow,
  type TemplatesRepository,
} from './templates.repository';
import { isUniqueViolation } from '../../db/unique-violation';

type PreviewValues = PreviewTemplateInput['values'];

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    language: row.language,
    subject: row.channel === 'email' ? row.subject : null,
    body: row.body,
    isDefault: row.isDefault,
    builtIn: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createTemplatesService(repo: TemplatesRepository, publicBaseUrl: string) {
  async function render(
    ownerId: number,
    channel: Channel,
    text: { subject?: string | null; body: string; language: Language },
    values: PreviewValues,
  ): Promise<TemplatePreview> {
    const business = values?.business ?? (await repo.businessName(ownerId));
    // The renderer sending uses: a text's preview shows the opt-out words the customer will get.
    const rendered = renderMessage(
      channel,
      { subject: channel === 'email' ? (text.subject ?? '') : null, body: text.body },
      {
        name: values?.name ?? SAMPLE_CONTACT_NAME,
        business,
        link: values?.link ?? `${publicBaseUrl}${SAMPLE_LINK_PATH}`,
      },
      optOutWordsIn(text.language),
    );
    if (channel === 'email')
      return { ...rendered, characters: [...rendered.body].length, segments: null, encoding: null };
    const { characters, segments, encoding } = smsSegments(rendered.body);
    return { subject: null, body: rendered.body, characters, segments, encoding };
  }

  /** A text with the opt-out words of its own language added must still fit the channel's limit. */
  function checkOptOutLength(template: { channel: Channel; language: Language; body: string }) {
    if (template.channel === 'email') return;
    const words = optOutWordsIn(template.language);
    if (
      template.body.length + optOutAddition(template.body, words).length >
      TEMPLATE_BODY_MAX[template.channel]
    )
      throw badRequest(TEMPLATE_MESSAGES.optOutTooLong(template.channel, words));
  }

  /** Two defaults set at the same instant: the partial unique index lets one win, the other retries. */
  async function guardDefault<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('Another default template was set at the same time. Please try again.');
      throw error;
    }
  }

  async function requireTemplate(ownerId: number, id: number): Promise<TemplateRow> {
    const row = await repo.findById(ownerId, id);
    if (!row) throw notFound('Template not found');
    return row;
  }

  return {
    /**
     * The client's templates, plus the shipped English one for every channel without an English default of
     * theirs (customers of another language get the shipped one in theirs unless the client wrote one).
     */
    async list(ownerId: number): Promise<Template[]> {
      const rows = (await repo.list(ownerId)).map(toTemplate);
      const result: Template[] = [];
      for (const channel of CHANNELS) {
        const own = rows.filter((t) => t.channel === channel);
        if (!own.some((t) => t.isDefault && t.language === DEFAULT_LANGUAGE))
          result.push(builtInTemplate(channel));
        result.push(...own);
      }
      return result;
    },

    async create(ownerId: number, input: CreateTemplateInput): Promise<Template> {
      checkOptOutLength(input);
      const row = await guardDefault(() =>
        repo.insert(ownerId, {
          name: input.name,
          channel: input.channel,
          language: input.language,
          subject: input.channel === 'email' ? (input.subject ?? null) : null,
          body: input.body,
          isDefault: input.isDefault,
        }),
      );
      return toTemplate(row);
    },

    async update(ownerId: number, id: number, changes: UpdateTemplateInput): Promise<Template> {
      const current = await requireTemplate(ownerId, id);
      // The whole template must still be valid once changed (subject for email, {{link}}, length).
      const merged = CreateTemplateSchema.parse({
        name: changes.name ?? current.name,
        channel: current.channel,
        language: changes.language ?? current.language,
        subject: changes.subject !== undefined ? changes.subject : current.subject,
        body: changes.body ?? current.body,
        isDefault: changes.isDefault ?? current.isDefault,
      });
      checkOptOutLength(merged);
      const row = await guardDefault(() =>
        repo.update(ownerId, id, current.channel, merged.language, {
          name: merged.name,
          language: merged.language,
          subject: merged.channel === 'email' ? (merged.subject ?? null) : null,
          body: merged.body,
          isDefault: merged.isDefault,
        }),
      );
      if (!row) throw notFound('Template not found');
      return toTemplate(row);
    },

    async remove(ownerId: number, id: number): Promise<void> {
      if (!(await repo.remove(ownerId, id))) throw notFound('Template not found');
    },

    async previewSaved(ownerId: number, id: number, values: PreviewValues): Promise<TemplatePreview> {
      const row = await requireTemplate(ownerId, id);
      return render(ownerId, row.channel, row, values);
    },

    async preview(ownerId: number, input: PreviewTemplateInput): Promise<TemplatePreview> {
      return render(ownerId, input.channel, input, input.values);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function templatesServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createTemplatesService(createTemplatesRepository(ctx.db), ctx.env.publicBaseUrl);
}
