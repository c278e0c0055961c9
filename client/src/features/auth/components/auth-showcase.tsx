import { BarChart3, MessageSquareText, Star, Zap } from 'lucide-react';
import { Link } from 'wouter';

const HIGHLIGHTS = [
  {
    icon: MessageSquareText,
    title: 'Multi-channel review collection',
    text: 'Ask every customer by email, SMS, WhatsApp or a QR code on the counter.',
  },
  {
    icon: Zap,
    title: 'Business-profile integration',
    text: 'Import your Google reviews and reply to them without leaving ReviewFlow.',
  },
  {
    icon: BarChart3,
    title: 'Analytics dashboard',
    text: 'Watch your rating, response rate and review volume grow week after week.',
  },
];

/** The product pitch beside the auth forms. */
export function AuthShowcase() {
  return (
    <section
      aria-label="Why ReviewFlow"
      className="bg-brand-gradient relative flex flex-col justify-between overflow-hidden px-6 py-8 text-white sm:px-10 lg:py-12"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-20 size-80 rounded-full bg-indigo-300/20 blur-3xl"
      />

      <Link href="/" className="relative flex w-fit items-center gap-2 text-lg font-semibold tracking-tight">
        <span className="flex size-9 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/25">
          <Star className="size-5 fill-white" aria-hidden="true" />
        </span>
        ReviewFlow
      </Link>

      <div className="relative mt-8 max-w-lg lg:mt-0">
        <h2 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl lg:text-4xl">
          Turn happy customers into five-star reviews.
        </h2>
        <p className="mt-3 text-base text-white/80 sm:text-lg">
          Collect, manage and answer every review from one calm dashboard, on your desk or on your phone.
        </p>

        <ul className="mt-8 hidden gap-5 sm:grid">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/20">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-white/75">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <figure className="relative mt-8 hidden max-w-lg rounded-xl bg-white/10 p-5 ring-1 ring-white/20 backdrop-blur-sm lg:block">
        <div className="flex gap-0.5" aria-label="5 out of 5 stars" role="img">
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} className="size-4 fill-amber-300 text-amber-300" aria-hidden="true" />
          ))}
        </div>
        <blockquote className="mt-3 text-sm text-white/90">
          “We went from a handful of reviews a month to several a week, and answering them takes minutes.”
        </blockquote>
        <figcaption className="mt-3 text-xs font-medium text-white/70">
          Owner of a family dental practice
        </figcaption>
      </figure>
    </section>
  );
}
