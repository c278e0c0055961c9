import type { LucideIcon } from 'lucide-react';
import {
  ChevronDown,
  CreditCard,
  LifeBuoy,
  MailX,
  MessageSquareReply,
  Rocket,
  Send,
  Store,
  Upload,
  UserRound,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { FreePlanLimits, GracePeriod, UnverifiedCap } from '@/features/billing';
import { LegalLayout } from './components/legal-layout';

const SUPPORT_EMAIL = 'support@reviewflow.example';

type Question = { question: string; answer: ReactNode };
type Topic = { id: string; title: string; icon: LucideIcon; questions: Question[] };

const code = 'rounded bg-muted px-1.5 py-0.5 font-mono text-[13px] text-foreground';

const topics: Topic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    icon: Rocket,
    questions: [
      {
        question: 'How do I set up my account?',
        answer: (
          <ol className="list-decimal space-y-1.5 pl-5">
            <li>
              Sign up with your name, company name, email and a password of at least 8 characters (common
              passwords are refused). We send one welcome email with a link: open it to confirm your email.
            </li>
            <li>In Settings, add your business location with its Google and Facebook review links.</li>
            <li>Add your customers on the Contacts page, one by one or from a CSV file.</li>
            <li>Send your first review request from Get Reviews or from the dashboard’s quick actions.</li>
          </ol>
        ),
      },
      {
        question: 'What do the numbers on the dashboard mean?',
        answer: (
          <p>
            The dashboard shows your total and positive reviews (4 stars or more), requests sent, reviews
            still waiting for a reply, your average rating, and your response rate. The trend next to each
            figure compares the last 30 days with the 30 days before.
          </p>
        ),
      },
      {
        question: 'Can I switch to dark mode?',
        answer: (
          <p>
            Yes. Use the theme switch in the app; your choice is remembered in this browser. Light is the
            default.
          </p>
        ),
      },
    ],
  },
  {
    id: 'collecting-reviews',
    title: 'Collecting reviews',
    icon: Send,
    questions: [
      {
        question: 'How do I send a review request by email, SMS or WhatsApp?',
        answer: (
          <p>
            Choose Send Review Requests, pick the location, the contact and the method (email, SMS or
            WhatsApp), and send. The customer gets a short message from your template with a personal link.
            You can follow each request as it is queued, sent, delivered, opened and completed.
          </p>
        ),
      },
      {
        question: 'Can I send requests to many customers at once?',
        answer: (
          <p>
            Yes. Select several contacts on the Get Reviews page and send them one request each, using the
            same location and channel. Contacts who opted out of that channel are skipped.
          </p>
        ),
      },
      {
        question: 'How do QR codes work?',
        answer: (
          <p>
            Generate a QR code for a review request, or use your location’s permanent review link, and
            download it as a PNG image. Print it on a counter card, receipt or poster: customers scan it with
            their phone camera and land straight on your review page, with no app or account needed.
          </p>
        ),
      },
      {
        question: 'What does my customer see?',
        answer: (
          <p>
            A mobile-friendly page with your business name and five large stars. They choose a rating, write a
            few words or record a short video, and submit. Afterwards every customer, whatever their rating,
            is offered your Google and Facebook review links. Offering public links only to happy customers
            (“review gating”) is against Google’s policies and the FTC’s rule, so ReviewFlow never does it.
          </p>
        ),
      },
      {
        question: 'Can I change the message text?',
        answer: (
          <p>
            Yes. Edit your templates for each channel. Use <code className={code}>{'{{name}}'}</code> for the
            customer’s name, <code className={code}>{'{{business}}'}</code> for your business name and{' '}
            <code className={code}>{'{{link}}'}</code> for the review link.
          </p>
        ),
      },
    ],
  },
  {
    id: 'connecting-google',
    title: 'Connecting Google and Facebook',
    icon: Store,
    questions: [
      {
        question: 'How do I connect my Google Business Profile?',
        answer: (
          <>
            <p>
              Open Settings, go to the Integrations tab and choose Connect Google. Sign in with the Google
              account that manages your Business Profile and allow ReviewFlow to read and reply to reviews. If
              that account manages several locations, choose which one each of your locations is. From then on
              ReviewFlow imports your Google reviews by itself every 30 minutes, with the replies already
              posted on Google; Import Google Reviews on the Reviews page starts an import at once. Importing
              again never creates duplicates.
            </p>
            <p className="mt-3">
              Facebook Pages connect the same way from the Integrations tab, and their reviews are imported
              the same way.
            </p>
            <p className="mt-3">
              When Google or Facebook stops accepting the connection (you changed your password or removed
              ReviewFlow&apos;s access), the location shows &ldquo;Reconnect needed&rdquo; and you get a
              notification: connect again to resume.
            </p>
          </>
        ),
      },
      {
        question: 'The connection failed. What now?',
        answer: (
          <p>
            If you cancelled the Google or Facebook window, declined a permission, or the link expired, you
            will see a page saying the connection did not complete. Nothing is changed in your account. Go
            back to Settings and try again, making sure you sign in with the account that manages the listing
            and accept every permission requested.
          </p>
        ),
      },
      {
        question: 'How do I disconnect?',
        answer: (
          <p>
            In Settings → Integrations, choose Disconnect. ReviewFlow deletes the stored access token; reviews
            already imported stay in your list. You can also remove access from your Google or Facebook
            account settings.
          </p>
        ),
      },
    ],
  },
  {
    id: 'answering-reviews',
    title: 'Answering reviews',
    icon: MessageSquareReply,
    questions: [
      {
        question: 'How do I reply to a review?',
        answer: (
          <p>
            Open the review from the Reviews page or the dashboard, write your response and choose Submit
            Response. The review then shows as Responded, with the date of your reply. For Google and Facebook
            reviews of a connected location, your reply is published there first; the review window says where
            it went (&ldquo;Posted on Google&rdquo;), or why it was kept in ReviewFlow only (for example when
            Google is not connected). You can edit or delete a reply later, on Google and Facebook too.
          </p>
        ),
      },
      {
        question: 'How do suggested replies work?',
        answer: (
          <p>
            Use the suggestion button in the review window to get a draft based on the rating: a thank-you for
            4 or 5 stars, a neutral reply for 3 stars, and an apology with a way to reach you for lower
            ratings. The draft quotes the start of the review so it feels personal. Always read and edit it
            before you submit.
          </p>
        ),
      },
      {
        question: 'How will I know when a new review arrives?',
        answer: (
          <p>
            The bell at the top of every page counts what is new: reviews (low ratings stand out), replies
            that could not be published, review requests that failed, and connections to renew. By default you
            also get an email for every review of 3 stars or fewer and a summary every Monday; change both in
            Settings › Notifications, or with the link at the bottom of those emails.
          </p>
        ),
      },
      {
        question: 'Which reviews still need an answer?',
        answer: (
          <p>
            Filter the Reviews page by “unresponded”. Unanswered reviews show a red Not Responded badge and
            answered ones a green Responded badge. You can also export the filtered list as a CSV file.
          </p>
        ),
      },
    ],
  },
  {
    id: 'contacts-import',
    title: 'Importing contacts',
    icon: Upload,
    questions: [
      {
        question: 'What format does the contacts CSV need?',
        answer: (
          <>
            <p>
              A CSV file whose first line is the header <code className={code}>name,email,phone</code>, then
              one customer per line. Each row needs a name and at least an email or a phone number. Write
              phone numbers in international format with the country code, for example{' '}
              <code className={code}>+14155550123</code>.
            </p>
            <pre className="mt-3 overflow-x-auto rounded-lg border border-border bg-muted p-4 font-mono text-[13px] leading-6 text-foreground">
              {'name,email,phone\nJane Cooper,jane@example.com,+14155550123\nLeo Martin,,+447700900123\n'}
            </pre>
          </>
        ),
      },
      {
        question: 'What happens to rows that cannot be imported?',
        answer: (
          <p>
            After the import, you see how many contacts were created, updated and skipped, with the reason for
            each skipped row (for example an invalid email address), so you can fix the file and import it
            again.
          </p>
        ),
      },
    ],
  },
  {
    id: 'opt-outs',
    title: 'Opt-outs and consent',
    icon: MailX,
    questions: [
      {
        question: 'How can my customers stop receiving requests?',
        answer: (
          <p>
            Every email has an unsubscribe link, and customers can reply STOP to an SMS or WhatsApp message.
            The opt-out applies to that channel only: ReviewFlow will not send that contact another request on
            it, and the contact shows as opted out.
          </p>
        ),
      },
      {
        question: 'Do I need my customers’ consent?',
        answer: (
          <p>
            You should only message real customers and have the consent or other lawful basis that the law
            requires for each channel, especially for SMS and WhatsApp. See our{' '}
            <Link href="/terms-of-service" className="font-medium text-primary underline underline-offset-4">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link href="/privacy-policy" className="font-medium text-primary underline underline-offset-4">
              Privacy Policy
            </Link>
            .
          </p>
        ),
      },
    ],
  },
  {
    id: 'plans',
    title: 'Plans and billing',
    icon: CreditCard,
    questions: [
      {
        question: 'What does the free plan include?',
        answer: (
          <p>
            Every new account starts on the free plan: <FreePlanLimits /> (unless your plan says otherwise).
            Until you confirm your email, your account can send <UnverifiedCap />; one-off review links and QR
            codes do not count. Settings › Plan shows this month’s use against each limit.
          </p>
        ),
      },
      {
        question: 'How do I choose or change my plan?',
        answer: (
          <p>
            Open Settings and go to the Plan tab. Choose a paid plan and you go to Stripe Checkout to pay;
            card details are entered on Stripe’s page, never ours. Plans are billed monthly.
          </p>
        ),
      },
      {
        question: 'Where are my invoices, and how do I cancel?',
        answer: (
          <p>
            Manage billing in the Plan tab opens Stripe’s customer portal: your invoices, your card, and
            cancellation. A cancelled plan lasts until the end of the month you have paid for.
          </p>
        ),
      },
      {
        question: 'What happens when a payment fails?',
        answer: (
          <p>
            Your plan keeps working for a <GracePeriod /> while the payment is retried. If it is still unpaid
            after that, your account has the free plan’s limits until a payment goes through.
          </p>
        ),
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    icon: UserRound,
    questions: [
      {
        question: 'I forgot my password. What now?',
        answer: (
          <p>
            On the sign-in page choose Forgot password? and enter your email. If it has an account, we email a
            link that lets you choose a new password within one hour; it works once, and signs out every other
            device.
          </p>
        ),
      },
      {
        question: 'How do I confirm or change my email?',
        answer: (
          <p>
            Open the link in your welcome email. Lost it? Choose Resend in the banner at the top of the app.
            To change your email, go to Settings › Profile › Change email: enter the new address and your
            current password, and open the link we send there (it works for 48 hours). Your old address is
            told about the change.
          </p>
        ),
      },
      {
        question: 'How do I export my data?',
        answer: (
          <p>
            Settings › Profile › Export my data downloads a ZIP of CSV files: your profile, locations,
            contacts, review requests, reviews with your replies, templates, the messages sent, your settings
            and widget, your API keys (their names and prefixes, never the keys), your webhooks with their
            deliveries, and your team and invitations.
          </p>
        ),
      },
      {
        question: 'How do I delete my account?',
        answer: (
          <p>
            In Settings, delete your account with your password. Deleting it cancels any paid subscription and
            removes your data; export it first if you want to keep a copy.
          </p>
        ),
      },
    ],
  },
];

function QuestionItem({ question, answer }: Question) {
  return (
    <details className="group border-b border-border last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium text-foreground transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="pb-5 text-[15px] leading-7 text-muted-foreground">{answer}</div>
    </details>
  );
}

export default function HelpPage() {
  return (
    <LegalLayout>
      <div className="mx-auto max-w-3xl">
        <div className="text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Help Center</h1>
          <p className="mt-3 text-base leading-7 text-muted-foreground">
            Answers to the questions we hear most about collecting and answering reviews with ReviewFlow.
          </p>
        </div>

        <nav aria-label="Help topics" className="mt-10">
          <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
            {topics.map(({ id, title, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="flex h-full items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm font-medium text-card-foreground transition-colors hover:border-primary/50 hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-primary" />
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-12 space-y-10">
          {topics.map(({ id, title, icon: Icon, questions }) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20">
              <h2
                id={`${id}-heading`}
                className="flex items-center gap-2 text-xl font-semibold tracking-tight"
              >
                <Icon aria-hidden="true" className="h-5 w-5 text-primary" />
                {title}
              </h2>
              <div className="mt-3 rounded-xl border border-border bg-card px-4 text-card-foreground sm:px-6">
                {questions.map((item) => (
                  <QuestionItem key={item.question} {...item} />
                ))}
              </div>
            </section>
          ))}
        </div>

        <aside
          aria-labelledby="contact-heading"
          className="mt-14 flex flex-col items-center gap-3 rounded-2xl border border-border bg-muted/40 p-8 text-center"
        >
          <LifeBuoy aria-hidden="true" className="h-8 w-8 text-primary" />
          <h2 id="contact-heading" className="text-lg font-semibold">
            Still need help?
          </h2>
          <p className="text-sm leading-6 text-muted-foreground">
            Email us at{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              {SUPPORT_EMAIL}
            </a>{' '}
            and a person from our team will get back to you.
          </p>
        </aside>
      </div>
    </LegalLayout>
  );
}
