import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  ChartColumn,
  Check,
  Mail,
  MessageCircle,
  MessageSquareReply,
  QrCode,
  Send,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Store,
} from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SkipLink } from '@/components/ui/skip-link';
import { ProductPreview } from './components/product-preview';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';

type Feature = {
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
};

const features: Feature[] = [
  {
    icon: Send,
    title: 'Multi-channel review collection',
    description: 'Ask every customer for feedback where they already are, with a link that opens in one tap.',
    points: [
      'Email, SMS and WhatsApp requests',
      'Printable QR codes for the counter',
      'Templates in your own voice',
    ],
  },
  {
    icon: Store,
    title: 'Business profile integration',
    description:
      'Connect your Google Business Profile and Facebook Page to bring every review into a single inbox.',
    points: [
      'Google and Facebook reviews imported',
      'Replies published to Google and Facebook',
      'Suggested replies you can edit',
    ],
  },
  {
    icon: ChartColumn,
    title: 'Analytics dashboard',
    description: 'See how your reputation is moving and which customers are still waiting for an answer.',
    points: ['Average rating and trends', 'Response rate and response time', 'Requests sent and completed'],
  },
];

const stats = [
  { value: '94%', caption: 'of consumers read online reviews before choosing a local business.' },
  { value: '72%', caption: 'of customers will leave a review when they are asked.' },
];

const steps = [
  {
    icon: Smartphone,
    title: 'Add your customers',
    description: 'Import a CSV of contacts or add them one by one after each visit.',
  },
  {
    icon: Mail,
    title: 'Send a friendly request',
    description: 'Pick email, SMS or WhatsApp, or print a QR code. Customers review in under a minute.',
  },
  {
    icon: MessageSquareReply,
    title: 'Reply and grow',
    description: 'Answer every review from one place and watch your rating and visibility climb.',
  },
];

const channels = [
  { icon: Mail, label: 'Email' },
  { icon: Smartphone, label: 'SMS' },
  { icon: MessageCircle, label: 'WhatsApp' },
  { icon: QrCode, label: 'QR codes' },
];

function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,hsl(var(--primary)/0.15),transparent_65%)]"
      />
      <div className="container grid items-center gap-14 pb-20 pt-14 sm:pt-20 lg:grid-cols-2 lg:gap-12 lg:pb-28 lg:pt-24">
        <div className="min-w-0 text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground sm:text-sm">
            <Sparkles aria-hidden="true" className="h-3.5 w-3.5 text-primary" />
            Review management for local businesses
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-bold tracking-tight text-foreground sm:text-5xl lg:text-6xl"
          >
            Turn happy customers into <span className="text-primary">five-star reviews</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-base leading-7 text-muted-foreground sm:text-lg lg:mx-0">
            ReviewFlow asks your customers for a review at the right moment, brings your Google and Facebook
            reviews into one place, and helps you answer every one of them.
          </p>
          <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Button asChild size="lg">
              <Link href="/auth?tab=register">
                Sign up for free
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">See how it works</a>
            </Button>
          </div>
          <ul
            aria-label="Channels"
            className="mt-8 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground lg:justify-start"
          >
            {channels.map(({ icon: Icon, label }) => (
              <li key={label} className="flex items-center gap-1.5">
                <Icon aria-hidden="true" className="h-4 w-4 text-primary" />
                {label}
              </li>
            ))}
          </ul>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 bg-muted/40 py-20 sm:py-24"
    >
      <div className="container">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Features</p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Everything you need to grow your reputation
          </h2>
          <p className="mt-4 text-base leading-7 text-muted-foreground sm:text-lg">
            Collect, answer and understand your reviews without juggling five different tools.
          </p>
        </div>
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, description, points }) => (
            <Card key={title} className="h-full transition-shadow hover:shadow-lg">
              <CardContent className="flex h-full flex-col p-6">
                <span
                  aria-hidden="true"
                  className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary/10 text-primary"
                >
                  <Icon className="h-5 w-5" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-foreground">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted-foreground">{description}</p>
                <ul className="mt-5 space-y-2 text-sm">
                  {points.map((point) => (
                    <li key={point} className="flex items-start gap-2">
                      <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}

function StatsSection() {
  return (
    <section aria-labelledby="stats-heading" className="py-20 sm:py-24">
      <div className="container">
        <h2
          id="stats-heading"
          className="mx-auto max-w-2xl text-center text-3xl font-bold tracking-tight sm:text-4xl"
        >
          Reviews decide where people spend their money
        </h2>
        <ul className="mx-auto mt-12 grid max-w-4xl gap-6 sm:grid-cols-2">
          {stats.map((stat) => (
            <li
              key={stat.value}
              className="rounded-2xl border border-border bg-card p-8 text-center text-card-foreground shadow-sm"
            >
              <p className="bg-gradient-to-br from-primary to-primary/60 bg-clip-text text-6xl font-bold tracking-tight text-transparent">
                {stat.value}
              </p>
              <p className="mt-3 text-base leading-7 text-muted-foreground">{stat.caption}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function StepsSection() {
  return (
    <section aria-labelledby="steps-heading" className="border-y border-border bg-muted/40 py-20 sm:py-24">
      <div className="container">
        <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Up and running in an afternoon
        </h2>
        <ol className="mx-auto mt-12 grid max-w-5xl gap-8 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, description }, index) => (
            <li key={title} className="relative text-center md:text-left">
              <div className="flex items-center justify-center gap-3 md:justify-start">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="h-5 w-5 text-muted-foreground" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function CallToActionSection() {
  return (
    <section aria-labelledby="cta-heading" className="py-20 sm:py-24">
      <div className="container">
        <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-primary-foreground/10 blur-2xl"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-32 -left-20 h-72 w-72 rounded-full bg-primary-foreground/10 blur-2xl"
          />
          <h2 id="cta-heading" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
            Start collecting reviews today
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-base leading-7 text-primary-foreground sm:text-lg">
            Create your account, send your first review request in minutes, and see the results on your
            dashboard.
          </p>
          <div className="relative mt-8 flex justify-center">
            <Button asChild size="lg" variant="secondary">
              <Link href="/auth?tab=register">
                Sign up for free
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </Button>
          </div>
          <p className="relative mt-6 flex items-center justify-center gap-2 text-sm text-primary-foreground">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            Every customer can share their review publicly, whatever their rating.
          </p>
        </div>
      </div>
    </section>
  );
}

export default function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="flex-1">
        <HeroSection />
        <FeaturesSection />
        <StatsSection />
        <StepsSection />
        <CallToActionSection />
      </main>
      <SiteFooter />
    </div>
  );
}
