import { useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useTenant } from '@/lib/tenant';
import type { DebugInfo } from '@shared/admin';

/** GET {apiBase}/debug (the query key is the URL). */
function useDebugInfo() {
  const { apiBase } = useTenant();
  return useQuery<DebugInfo>({ queryKey: [`${apiBase}/debug`], staleTime: 0 });
}

const when = (value: string | null) => (value ? new Date(value).toLocaleString('en-US') : '—');

function uptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days ? `${days}d` : '', hours ? `${hours}h` : '', `${minutes}m`].filter(Boolean).join(' ');
}

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-all font-mono text-xs sm:text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** A plain-text report a client can paste into a support message (it holds no secrets). */
export function supportReport(info: DebugInfo): string {
  return [
    'ReviewFlow support information',
    `Generated: ${new Date().toISOString()}`,
    '',
    `User: #${info.user.id} ${info.user.email} (${info.user.role})`,
    `Company: ${info.user.companyName || '—'} · First name: ${info.user.firstName}`,
    `Plan: ${info.user.planId ?? 'none'} · Account created: ${info.user.createdAt}`,
    `Session: ${info.session.idHashPrefix ?? '—'} · signed in ${info.session.signedInAt ?? '—'} · expires ${info.session.expiresAt ?? '—'}`,
    `Server: version ${info.server.version} · ${info.server.database} · Node ${info.server.node} · up ${uptime(info.server.uptimeSeconds)}`,
    `Health: database ${info.health.database} at ${info.health.time}`,
    `Browser: ${navigator.userAgent}`,
  ].join('\n');
}

export function DebugPage() {
  const { data, isPending, error } = useDebugInfo();
  const [copied, setCopied] = useState(false);

  if (isPending) return <FullPageSpinner label="Loading debug information…" />;
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {error.message}
      </p>
    );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(supportReport(data));
      setCopied(true);
      toast({ title: 'Copied', description: 'Paste it into your message to support.' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({
        title: 'Error',
        description: 'Could not copy. Please select the text instead.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Share this with support when something does not work. It holds no passwords or tokens.
        </p>
        <Button onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          Copy for support
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Section
          title="Account"
          rows={[
            ['User id', data.user.id],
            ['Email', data.user.email],
            ['Name', data.user.firstName],
            ['Company', data.user.companyName || '—'],
            ['Role', data.user.role],
            ['Plan', data.user.planId ?? 'None'],
            ['Created', when(data.user.createdAt)],
          ]}
        />
        <Section
          title="Session"
          rows={[
            ['Session ref', data.session.idHashPrefix ?? '—'],
            ['Signed in', when(data.session.signedInAt)],
            ['Expires', when(data.session.expiresAt)],
          ]}
        />
        <Section
          title="Server"
          rows={[
            ['Version', data.server.version],
            ['Uptime', uptime(data.server.uptimeSeconds)],
            ['Database', data.server.database === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'],
            ['Node.js', data.server.node],
          ]}
        />
        <Section
          title="Health"
          rows={[
            ['Database', data.health.database === 'up' ? 'Up' : 'Down'],
            ['Checked', when(data.health.time)],
          ]}
        />
      </div>
    </div>
  );
}

export default DebugPage;
