import { Inbox, Mail, MessageCircle, MessageSquare, Send } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ContentSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';

import { useChannels, type ChannelModes } from '../api/get-channels';
import { useSendTestEmail, type TestEmailResult } from '../api/send-test-email';

const CHANNELS: { key: keyof ChannelModes; label: string; provider: string; icon: LucideIcon }[] = [
  { key: 'email', label: 'Email', provider: 'SMTP', icon: Mail },
  { key: 'sms', label: 'SMS', provider: 'Twilio', icon: MessageSquare },
  { key: 'whatsapp', label: 'WhatsApp', provider: 'Twilio', icon: MessageCircle },
];

function ChannelList({ channels }: { channels: ReturnType<typeof useChannels> }) {
  const { data, isError, error } = channels;
  if (isError) return <p className="text-sm text-destructive">{error.message}</p>;
  if (!data) return null;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Channels">
      {CHANNELS.map(({ key, label, provider, icon: Icon }) => {
        const outbox = data[key].mode === 'outbox';
        return (
          <li key={key} className="flex flex-wrap items-center gap-3 p-3">
            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">{label}</span>
            <Badge variant={outbox ? 'warning' : 'success'} className="ml-auto">
              {outbox ? 'Outbox mode' : `Sending via ${provider}`}
            </Badge>
            {outbox ? (
              <p className="w-full text-xs text-muted-foreground">
                {provider} is not configured: {label} messages are kept in the outbox instead of being sent.
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function ResultCard({ result }: { result: TestEmailResult }) {
  const heading =
    result.status === 'sent'
      ? `Test email sent to ${result.to} via SMTP`
      : result.status === 'outbox'
        ? `Test email for ${result.to} saved to the outbox`
        : `The test email to ${result.to} could not be sent`;
  return (
    <Card role="region" aria-label="Test email result" aria-live="polite">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {result.status === 'outbox' ? (
            <Inbox className="size-4" aria-hidden="true" />
          ) : (
            <Send className="size-4" aria-hidden="true" />
          )}
          {heading}
        </CardTitle>
        <CardDescription>
          {result.status === 'outbox'
            ? 'SMTP is not configured, so nothing left the server. The message below is exactly what would be sent.'
            : result.status === 'failed'
              ? `The mail server answered: ${result.error ?? 'unknown error'}`
              : result.messageId
                ? `Message id ${result.messageId}`
                : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div>
          <p className="text-xs font-medium uppercase text-muted-foreground">Subject</p>
          <p className="break-words font-medium">{result.subject}</p>
        </div>
        <div>
          <p className="text-xs font-medium uppercase text-muted-foreground">Body</p>
          <p className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 text-sm">
            {result.text}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function EmailTestPage() {
  const channels = useChannels();
  const send = useSendTestEmail();

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'failed') {
          toast({ title: 'Test email failed', description: result.error, variant: 'destructive' });
        } else {
          toast({
            title: result.status === 'sent' ? 'Test email sent' : 'Test email saved to the outbox',
            description: result.to,
          });
        }
      },
      onError: (error) => {
        toast({ title: 'Test email failed', description: error.message, variant: 'destructive' });
      },
    });

  // One paint with the channels: their list, arriving later, would push the send button down under a thumb.
  if (channels.isPending) return <ContentSpinner label="Loading channels…" />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Message channels</CardTitle>
          <CardDescription>How review requests leave ReviewFlow on each channel.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChannelList channels={channels} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Test your email</CardTitle>
          <CardDescription>
            Sends your default email template, filled in with sample values, to your own address.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            icon={<Send aria-hidden="true" />}
            onClick={onSend}
            pending={send.isPending}
            pendingLabel="Sending…"
          >
            Send test email
          </Button>
        </CardContent>
      </Card>

      {send.data ? <ResultCard result={send.data} /> : null}
    </div>
  );
}

export default EmailTestPage;
