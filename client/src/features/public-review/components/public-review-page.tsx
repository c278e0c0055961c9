import { Star } from 'lucide-react';
import { useParams } from 'wouter';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The customer-facing review page (PRODUCT.md section 7); its form arrives with the public-review feature. */
export function PublicReviewPage() {
  const { uniqueLink } = useParams<{ uniqueLink: string }>();

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <div className="flex gap-1" role="img" aria-label="5 stars">
            {Array.from({ length: 5 }, (_, i) => (
              <Star key={i} className="size-8 fill-amber-400 text-amber-400" aria-hidden="true" />
            ))}
          </div>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">How was your experience?</h1>
          <CardDescription>Your feedback helps this business serve you better.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground" data-unique-link={uniqueLink}>
            The review form is loading soon.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}

export default PublicReviewPage;
