import type { Channel } from '@shared/domain';
import { SAMPLE_CONTACT_NAME, SAMPLE_LINK_PATH } from '@shared/template-words';
import { renderMessage, smsSegments } from '@shared/templates';

interface TemplatePreviewProps {
  channel: Channel;
  subject: string | null | undefined;
  body: string;
  business: string;
  /** The opt-out words in the template's language (English unless given). */
  optOutWords?: string;
}

/** The message as a customer would read it, with sample values, and its SMS cost for sms and whatsapp. */
export function TemplatePreview({ channel, subject, body, business, optOutWords }: TemplatePreviewProps) {
  // The renderer sending uses: the opt-out words a text gets, unknown placeholders left out.
  const rendered = renderMessage(
    channel,
    { subject: channel === 'email' ? (subject ?? '') : null, body },
    { name: SAMPLE_CONTACT_NAME, business, link: `${window.location.origin}${SAMPLE_LINK_PATH}` },
    optOutWords,
  );
  const count = channel === 'email' ? null : smsSegments(rendered.body);

  return (
    <section aria-label="Preview" className="grid gap-2">
      <h3 className="text-sm font-medium">Preview</h3>
      <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
        {rendered.subject !== null ? (
          <p>
            <span className="text-muted-foreground">Subject: </span>
            <span className="font-medium">{rendered.subject}</span>
          </p>
        ) : null}
        <p className="whitespace-pre-wrap break-words">{rendered.body || ' '}</p>
      </div>
      {count ? (
        <p className="text-xs text-muted-foreground" data-testid="sms-counter" aria-live="polite">
          {count.characters} characters · {count.segments} segment{count.segments === 1 ? '' : 's'} ·{' '}
          {count.encoding}
        </p>
      ) : null}
    </section>
  );
}
