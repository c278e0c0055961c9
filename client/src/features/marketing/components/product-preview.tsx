import { CircleCheck, MessageCircle, Star, TrendingUp } from 'lucide-react';

// Illustrative sample data for the hero; drawn with CSS so the page ships no images.
const bars = [38, 52, 45, 61, 58, 72, 66, 80, 74, 88, 84, 96];

const sampleReviews = [
  {
    initials: 'MB',
    name: 'Maria B.',
    source: 'Google',
    text: 'Friendly staff and a spotless shop. Booking took two minutes.',
    replied: true,
  },
  {
    initials: 'TK',
    name: 'Tom K.',
    source: 'Facebook',
    text: 'Great service, they fixed it the same afternoon.',
    replied: false,
  },
];

function Stars({ className = 'h-3.5 w-3.5' }: { className?: string }) {
  return (
    <span className="flex gap-0.5 text-amber-400">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={`${className} fill-current`} />
      ))}
    </span>
  );
}

/** A decorative, non-interactive sketch of the dashboard. Hidden from assistive technology. */
export function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full min-w-0 max-w-lg select-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/25 via-primary/5 to-transparent blur-2xl" />
      <div className="rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-2xl shadow-primary/10 sm:p-6">
        <div className="flex items-center justify-between">
          <div className="flex gap-1.5">
            <span className="h-2.5 w-2.5 rounded-full bg-red-400/80" />
            <span className="h-2.5 w-2.5 rounded-full bg-amber-400/80" />
            <span className="h-2.5 w-2.5 rounded-full bg-emerald-400/80" />
          </div>
          <span className="text-xs font-medium text-muted-foreground">Last 30 days</span>
        </div>

        <div className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
          <div className="rounded-xl border border-border bg-background p-2.5 sm:p-3">
            <p className="text-[11px] text-muted-foreground sm:text-xs">Avg. rating</p>
            <p className="mt-1 text-lg font-semibold sm:text-2xl">4.8</p>
            <Stars className="h-2.5 w-2.5 sm:h-3 sm:w-3" />
          </div>
          <div className="rounded-xl border border-border bg-background p-2.5 sm:p-3">
            <p className="text-[11px] text-muted-foreground sm:text-xs">New reviews</p>
            <p className="mt-1 text-lg font-semibold sm:text-2xl">+38</p>
            <p className="flex items-center gap-1 text-[11px] font-medium text-emerald-700 dark:text-emerald-400">
              <TrendingUp className="h-3 w-3" /> 24%
            </p>
          </div>
          <div className="rounded-xl border border-border bg-background p-2.5 sm:p-3">
            <p className="text-[11px] text-muted-foreground sm:text-xs">Replied</p>
            <p className="mt-1 text-lg font-semibold sm:text-2xl">97%</p>
            <div className="mt-1.5 h-1.5 rounded-full bg-muted">
              <div className="h-full w-[97%] rounded-full bg-emerald-500" />
            </div>
          </div>
        </div>

        <div className="mt-4 flex h-20 items-end gap-1.5 rounded-xl border border-border bg-background p-3 sm:h-24">
          {bars.map((height, i) => (
            <div
              key={i}
              className="flex-1 rounded-t-sm bg-primary/70 transition-all"
              style={{ height: `${height}%` }}
            />
          ))}
        </div>

        <ul className="mt-4 space-y-2">
          {sampleReviews.map((review) => (
            <li key={review.name} className="flex gap-3 rounded-xl border border-border bg-background p-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                {review.initials}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="text-sm font-medium">{review.name}</span>
                  <Stars className="h-3 w-3" />
                  <span className="rounded-full bg-muted px-2 py-0.5 text-[10px] font-medium text-muted-foreground">
                    {review.source}
                  </span>
                </div>
                <p className="mt-1 truncate text-xs text-muted-foreground">{review.text}</p>
              </div>
              {review.replied ? (
                <CircleCheck className="h-4 w-4 shrink-0 text-emerald-500" />
              ) : (
                <span className="h-2 w-2 shrink-0 translate-y-1.5 rounded-full bg-primary" />
              )}
            </li>
          ))}
        </ul>
      </div>

      <div className="absolute -bottom-5 left-4 flex items-center gap-2 rounded-full border border-border bg-card px-3 py-2 text-xs font-medium text-card-foreground shadow-lg sm:left-8">
        <span className="flex h-6 w-6 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-400">
          <MessageCircle className="h-3.5 w-3.5" />
        </span>
        Review request delivered via WhatsApp
      </div>
    </div>
  );
}
