import { ShieldCheck, Star } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { PROOF_HASH_RULE, type ProofSummary } from '@shared/proof';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { APP_NAME } from '@/lib/page-title';

import { fetchProofLogPage, usePublicProof } from '../api/public-proof';
import { verifyPublicLog, type LogVerdict } from '../verify-log';

const figure = (n: number) => n.toLocaleString('en-US');
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** /proof/{slug}: a business's public proof of honest review collection (issue 47), for anyone to read and check. */
export function ProofPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const proof = usePublicProof(slug);
  const business = proof.data?.business;
  useEffect(() => {
    document.title = `${business ? `${business}: honest reviews` : 'Honest reviews'} · ${APP_NAME}`;
  }, [business]);

  if (proof.isPending) return <FullPageSpinner label="Loading the proof…" />;
  return (
    <main id="main" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      {proof.data ? (
        <Proof slug={slug} proof={proof.data} />
      ) : (
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">Proof page not found</h1>
          </CardHeader>
          <CardContent>
            <p className="text-muted-foreground">{proof.error?.message}</p>
          </CardContent>
        </Card>
      )}
    </main>
  );
}

function Proof({ slug, proof }: { slug: string; proof: ProofSummary }) {
  const rated = proof.offeredPublicLinks + proof.filtered;
  return (
    <>
      <header className="grid gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400">
          <ShieldCheck aria-hidden="true" className="size-5" />
          Honest review collection
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{proof.business}</h1>
        <p className="text-muted-foreground">
          ReviewFlow records every review invitation {proof.business} sends and what each customer is offered
          after rating, in a log nobody can rewrite unnoticed. These figures count that log for the 12 months
          before {dayOf(proof.head.publishedAt)}.
        </p>
      </header>

      <dl className="grid gap-3 sm:grid-cols-2">
        <FigureCard label="Customers asked for a review" value={figure(proof.asked)} />
        <FigureCard
          label="Offered Google or Facebook after rating, whatever the rating"
          value={`${figure(proof.offeredPublicLinks)} of ${figure(rated)}`}
        />
        <FigureCard
          label="Not offered a public review site"
          value={proof.filtered === 0 ? 'None filtered' : figure(proof.filtered)}
        />
        <FigureCard
          label={`Average of ${figure(proof.count)} Google and Facebook reviews`}
          value={
            proof.average === null ? (
              'No reviews yet'
            ) : (
              <span className="inline-flex items-center gap-1">
                {proof.average.toFixed(1)}
                <Star aria-label="stars" className="size-5 fill-amber-400 text-amber-400" />
              </span>
            )
          }
        />
      </dl>

      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">What each rating was offered</h2>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Rating
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Customers who gave it
                </th>
                <th scope="col" className="py-2 font-medium">
                  Offered Google or Facebook next
                </th>
              </tr>
            </thead>
            <tbody>
              {proof.byRating.map((row) => (
                <tr key={row.rating} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {row.rating} {row.rating === 1 ? 'star' : 'stars'}
                  </th>
                  <td className="py-2 pr-4">{figure(row.rated)}</td>
                  <td className="py-2">{figure(row.offered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <VerifyCard slug={slug} proof={proof} />
    </>
  );
}

function FigureCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function VerifyCard({ slug, proof }: { slug: string; proof: ProofSummary }) {
  const [checked, setChecked] = useState<number | null>(null);
  const [verdict, setVerdict] = useState<LogVerdict | null>(null);
  const [running, setRunning] = useState(false);

  async function verify() {
    setRunning(true);
    setVerdict(null);
    try {
      setVerdict(
        await verifyPublicLog((after) => fetchProofLogPage(slug, after), proof.head, undefined, setChecked),
      );
    } catch (error) {
      setVerdict({ ok: false, message: `The log could not be read: ${(error as Error).message}` });
    } finally {
      setRunning(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Check it yourself</h2>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          The log&apos;s head on {dayOf(proof.head.publishedAt)}: entry {figure(proof.head.seq)},{' '}
          <code className="break-all rounded bg-muted px-1 text-xs">{proof.head.hash}</code>
        </p>
        <p className="text-muted-foreground">{PROOF_HASH_RULE}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => void verify()} disabled={running}>
            <ShieldCheck aria-hidden="true" />
            {running ? 'Verifying…' : 'Verify the log'}
          </Button>
          <a className="underline underline-offset-4" href={`/api/proof/${encodeURIComponent(slug)}/log`}>
            Read the log (JSON)
          </a>
        </div>
        <p
          role="status"
          aria-live="polite"
          className={verdict && !verdict.ok ? 'text-destructive' : undefined}
        >
          {verdict
            ? verdict.ok
              ? `The log is intact: ${figure(verdict.entries)} entries, each chained to the one before, and the published head is among them.`
              : verdict.message
            : running && checked !== null
              ? `Checked ${figure(checked)} entries…`
              : ''}
        </p>
      </CardContent>
    </Card>
  );
}

export default ProofPage;
