import { Star } from 'lucide-react';
import type { RatingCount } from '@shared/schemas/dashboard';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

import { RatingBar } from './rating-bar';

/**
 * How many reviews have each rating. A bar's length is its share of the reviews; its colour follows the
 * rating itself on the spec's thresholds (5★ and 4★ = 100% and 80%: green, 3★ light green, 2★ yellow, 1★ red).
 */
export function RatingDistribution({ distribution }: { distribution: RatingCount[] }) {
  const total = distribution.reduce((sum, row) => sum + row.count, 0);
  const rows = [...distribution].sort((a, b) => b.rating - a.rating);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Rating distribution</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {rows.map(({ rating, count }) => {
            const share = total ? (count / total) * 100 : 0;
            return (
              <li key={rating} className="grid grid-cols-[3rem_1fr_3.5rem] items-center gap-3 text-sm">
                <span className="inline-flex items-center gap-1 tabular-nums">
                  {rating}
                  <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
                </span>
                <RatingBar fill={share} quality={(rating / 5) * 100} label={`${rating} star reviews`} />
                <span className="text-right tabular-nums text-muted-foreground">{count}</span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
