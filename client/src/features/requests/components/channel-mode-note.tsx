import { Info } from 'lucide-react';

import { METHOD_LABELS } from '@shared/review-requests';
import type { Channel } from '@shared/domain';

import { useChannels } from '../api/get-channels';

const NOTE_CLASS =
  'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/**
 * Says when a channel's provider is not configured, so its messages wait in the outbox (PRODUCT.md section
 * 6), and when WhatsApp has no approved template, so WhatsApp may refuse the free text.
 */
export function ChannelModeNote({ channel }: { channel: Channel | undefined }) {
  const channels = useChannels();
  const mode = channel ? channels.data?.[channel] : undefined;
  if (channel === 'whatsapp' && mode?.mode === 'twilio' && mode.template === false) {
    return (
      <p className={NOTE_CLASS}>
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          No approved WhatsApp template is configured: the message goes as free text, which WhatsApp refuses
          unless the customer wrote to you in the last 24 hours.
        </span>
      </p>
    );
  }
  if (!channel || mode?.mode !== 'outbox') return null;
  return (
    <p className={NOTE_CLASS}>
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {METHOD_LABELS[channel]} is in outbox mode: messages are kept in the outbox instead of being sent
      </span>
    </p>
  );
}
