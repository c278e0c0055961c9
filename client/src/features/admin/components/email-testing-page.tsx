import { CheckCircle2, Inbox, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import {
  SYSTEM_EMAIL_TEMPLATE_LABELS,
  SYSTEM_EMAIL_TEMPLATES,
  type EmailTestResult,
  type OutboxMessage,
} from '@shared/admin';
import type { EmailTestInput } from '@shared/schemas/admin';
import { CHANNELS, type Channel } from '@shared/domain';

import { useMailStatus } from '../api/get-mail-status';
import { useOutbox } from '../api/get-outbox';
import { useSendTestEmail } from '../api/send-test-email';

const OUTBOX_PAGE_SIZE = 10;
const ALL = 'all';

function TransportCard() {
  const { data, isPending, error } = useMailStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mail transport</CardTitle>
        <CardDescription>How the server sends email right now.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {isPending ? (
          <Spinner label="Checking the mail transport…" />
        ) : error ? (
          <p role="alert" className="text-destructive">
            {error.message}
          </p>
        ) : (
          <>
            <p className="flex items-center gap-2">
              <span className="font-medium">Transport:</span>
              <Badge variant="outline">{data.transport === 'smtp' ? 'SMTP' : 'Outbox'}</Badge>
              {data.ok ? (
                <span className="flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                  <CheckCircle2 className="size-4" aria-hidden="true" /> Working
                </span>
              ) : (
                <span className="flex items-center gap-1 text-destructive">
                  <XCircle className="size-4" aria-hidden="true" /> Not working
                </span>
              )}
            </p>
            {data.transport === 'outbox' ? (
              <p className="text-muted-foreground">
                SMTP is not configured (SMTP_URL): emails are not sent but kept in the outbox below.
              </p>
            ) : null}
            {data.error ? <p className="text-destructive">{data.error}</p> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ResultLine({ result }: { result: EmailTestResult }) {
  const failed = result.status === 'failed';
  return (
    <div
      role="status"
      className={
        failed
          ? 'rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm'
          : 'rounded-md border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm'
      }
    >
      <p className="font-medium">
        {failed ? 'Sending failed' : result.status === 'outbox' ? 'Kept in the outbox' : 'Email sent'} (
        {result.transport})
      </p>
      {result.messageId ? (
        <p className="break-all text-muted-foreground">Message id: {result.messageId}</p>
      ) : null}
      {result.error ? <p className="break-words text-destructive">{result.error}</p> : null}
    </div>
  );
}

// The form's rules load with its first focus, not with the page (lib/lazy-zod-resolver.ts).
const emailTestResolver = lazyZodResolver<EmailTestInput, EmailTestInput>(() =>
  import('@shared/schemas/admin').then((m) => m.EmailTestSchema),
);

function SendTestCard() {
  const send = useSendTestEmail();
  const [result, setResult] = useState<EmailTestResult | null>(null);
  const form = useForm<EmailTestInput>({
    resolver: emailTestResolver,
    defaultValues: { to: '', template: 'plain-test' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      setResult(await send.mutateAsync(values));
    } catch (error) {
      notifyError(error);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send a test email</CardTitle>
        <CardDescription>
          Sends a system email with sample values through the configured transport.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} onFocus={emailTestResolver.preload} noValidate className="grid gap-4">
          <FormField id="email-test-to" label="To" error={errors.to?.message}>
            <Input type="email" placeholder="you@example.com" {...form.register('to')} />
          </FormField>
          <Controller
            control={form.control}
            name="template"
            render={({ field, fieldState }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <FormField id="email-test-template" label="Template" error={fieldState.error?.message}>
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                </FormField>
                <SelectContent>
                  {SYSTEM_EMAIL_TEMPLATES.map((template) => (
                    <SelectItem key={template} value={template}>
                      {SYSTEM_EMAIL_TEMPLATE_LABELS[template]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <Button
            icon={<Send aria-hidden="true" />}
            type="submit"
            pending={isSubmitting}
            pendingLabel="Sending…"
            className="w-fit"
          >
            Send test email
          </Button>
          {result ? <ResultLine result={result} /> : null}
        </form>
      </CardContent>
    </Card>
  );
}

const statusVariant = (status: string) =>
  status === 'failed' ? 'destructive' : status === 'outbox' ? 'secondary' : 'success';

function OutboxItem({ message }: { message: OutboxMessage }) {
  return (
    <li className="py-3">
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Badge variant={statusVariant(message.status)}>{message.status}</Badge>
          <Badge variant="outline" className="uppercase">
            {message.channel}
          </Badge>
          {/* On a phone the subject takes a line of its own: beside the badges it was cut to a letter. */}
          <span className="line-clamp-2 min-w-0 basis-full break-words font-medium sm:basis-0 sm:flex-1 sm:truncate">
            {message.subject ?? message.body.slice(0, 60)}
          </span>
          <span className="text-xs text-muted-foreground">
            {new Date(message.createdAt).toLocaleString('en-US')}
          </span>
        </summary>
        <div className="mt-3 grid gap-2 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">To</dt>
            <dd className="break-all">{message.recipient}</dd>
            <dt className="text-muted-foreground">Client</dt>
            <dd>{message.client ? message.client.companyName : 'System (admin test)'}</dd>
            <dt className="text-muted-foreground">Transport</dt>
            <dd>{message.transport}</dd>
            {message.providerMessageId ? (
              <>
                <dt className="text-muted-foreground">Provider id</dt>
                <dd className="break-all">{message.providerMessageId}</dd>
              </>
            ) : null}
            {message.providerResponse ? (
              <>
                <dt className="text-muted-foreground">Provider answer</dt>
                <dd className="break-words">{message.providerResponse}</dd>
              </>
            ) : null}
            {message.error ? (
              <>
                <dt className="text-muted-foreground">Error</dt>
                <dd className="break-words text-destructive">{message.error}</dd>
              </>
            ) : null}
          </dl>
          <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-sans text-sm">
            {message.body}
          </pre>
        </div>
      </details>
    </li>
  );
}

function OutboxCard() {
  const [channel, setChannel] = useState<Channel | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useOutbox({
    channel: channel === ALL ? undefined : channel,
    page,
    pageSize: OUTBOX_PAGE_SIZE,
  });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>Outbox</CardTitle>
          <CardDescription>
            Recent messages of every channel, newest first. Open one to see its content.
          </CardDescription>
        </div>
        <div className="w-40">
          <Select
            value={channel}
            onValueChange={(value) => {
              setChannel(value as Channel | typeof ALL);
              setPage(1);
            }}
          >
            <SelectTrigger aria-label="Channel">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All channels</SelectItem>
              {CHANNELS.map((c) => (
                <SelectItem key={c} value={c}>
                  {c === 'sms' ? 'SMS' : c === 'whatsapp' ? 'WhatsApp' : 'Email'}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isPending ? (
          <Spinner label="Loading the outbox…" />
        ) : error ? (
          <p role="alert" className="text-destructive">
            {error.message}
          </p>
        ) : data.items.length === 0 ? (
          <EmptyState icon={Inbox} title="No messages yet" />
        ) : (
          <>
            <ul className="divide-y" aria-label="Outbox messages">
              {data.items.map((message) => (
                <OutboxItem key={message.id} message={message} />
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={OUTBOX_PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              label="Outbox pages"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function EmailTestingPage() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <TransportCard />
        <SendTestCard />
      </div>
      <OutboxCard />
    </div>
  );
}

export default EmailTestingPage;
