import { Badge } from '@/components/ui/badge';
import type { Contact } from '@shared/contacts';
import { CHANNELS, type Channel } from '@shared/domain';

export const CHANNEL_LABELS: Record<Channel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** One badge per channel the contact opted out of (they are never sent to on it). */
export function OptOutBadges({ contact }: { contact: Pick<Contact, 'optedOut'> }) {
  const channels = CHANNELS.filter((channel) => contact.optedOut[channel]);
  if (channels.length === 0) return <span className="text-sm text-muted-foreground">None</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {channels.map((channel) => (
        <Badge key={channel} variant="warning" title={`Opted out of ${CHANNEL_LABELS[channel]}`}>
          No {CHANNEL_LABELS[channel]}
        </Badge>
      ))}
    </span>
  );
}
