import { LegalDocument, type LegalSection } from './components/legal-document';
import { LegalLayout } from './components/legal-layout';

const PRIVACY_EMAIL = 'privacy@reviewflow.example';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are and what this policy covers',
    content: (
      <>
        <p>
          ReviewFlow (“ReviewFlow”, “we”, “us”) provides software that helps businesses ask their customers
          for reviews, bring in reviews from Google and Facebook, reply to them and see analytics. This policy
          explains what personal data we handle, why, and the choices people have.
        </p>
        <p>It covers two groups of people:</p>
        <ul>
          <li>
            <strong>Our clients</strong>: the businesses that hold a ReviewFlow account, and the people who
            sign in on their behalf.
          </li>
          <li>
            <strong>Our clients’ customers</strong>: the people a business asks for a review, and the people
            who leave one through a ReviewFlow review page or on a connected Google or Facebook listing.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'our-role',
    title: 'Controller and processor',
    content: (
      <>
        <p>
          <strong>For account data</strong> (who our clients are, how they sign in, how they pay) ReviewFlow
          is the controller: we decide why and how that data is used.
        </p>
        <p>
          <strong>For customer data</strong> (the contacts a business uploads, the review requests it sends
          and the reviews it receives) the business is the controller and ReviewFlow is its processor. We
          handle that data only on the business’s documented instructions, under our Data Processing
          Agreement, to provide the service. If you are a customer of a business that uses ReviewFlow, that
          business decides what happens to your data and is your first point of contact; we will help it
          answer your request.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we handle',
    content: (
      <>
        <h3>Account data (we are controller)</h3>
        <ul>
          <li>
            Name, company name, email address (and whether and when you confirmed it) and a password, which we
            store only as a salted hash. Email confirmation and password reset links are stored only as
            one-way hashes and stop working once used or expired (48 hours and one hour).
          </li>
          <li>Business locations, addresses, review-site links, message templates and settings.</li>
          <li>
            Plan and subscription status. Card details are entered on Stripe’s pages and never reach our
            servers; we keep Stripe’s customer and subscription identifiers.
          </li>
          <li>Messages you send to our support team.</li>
          <li>
            Technical data: IP address, browser type, sign-in times and request logs, used to keep the service
            secure and working.
          </li>
        </ul>
        <h3>Customer data (we are processor)</h3>
        <ul>
          <li>
            Contact details uploaded by a business: name, email address and phone number, and optional tags.
          </li>
          <li>
            Reviews: star rating, written text, an optional reviewer name, and video testimonials a customer
            chooses to record or upload.
          </li>
          <li>The business’s replies to reviews.</li>
          <li>
            Review-request delivery logs: the channel used (email, SMS or WhatsApp), when a request was
            queued, sent, delivered, opened and completed, and the reason if delivery failed.
          </li>
          <li>
            Opt-out records, per channel, so a person who asked not to be contacted is not contacted again.
          </li>
          <li>
            Reviews and reviewer display names imported from a connected Google Business Profile or Facebook
            Page, together with the access tokens that allow the connection.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Why we use it',
    content: (
      <ul>
        <li>To create and run client accounts, sign people in and keep sessions secure.</li>
        <li>
          To send review requests by email, SMS and WhatsApp on a business’s behalf, show QR codes and review
          pages, and record the outcome.
        </li>
        <li>
          To import reviews from, and publish replies to, Google Business Profile and Facebook when a business
          connects them.
        </li>
        <li>To show dashboards and analytics to the business the data belongs to.</li>
        <li>To take payments and manage subscriptions.</li>
        <li>
          To answer support requests and send service messages (for example security or billing notices).
        </li>
        <li>To prevent abuse, fraud and fake reviews, and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal bases',
    content: (
      <>
        <p>Where data-protection laws such as the GDPR apply, we rely on:</p>
        <ul>
          <li>
            <strong>Contract</strong>: to provide the service a client signed up for and to bill for it.
          </li>
          <li>
            <strong>Legitimate interests</strong>: to secure the service, prevent abuse and improve the
            product, balanced against the interests of the people concerned.
          </li>
          <li>
            <strong>Legal obligation</strong>: to keep accounting records and answer lawful requests.
          </li>
          <li>
            <strong>Consent</strong>: where the law requires it, for example for optional communications.
          </li>
        </ul>
        <p>
          For customer data, the business that controls it is responsible for having a lawful basis, including
          any consent required to send marketing or review-request messages by email, SMS or WhatsApp.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    content: (
      <>
        <p>
          We do not sell personal data and we do not share it for advertising. We use a small number of
          sub-processors, each bound by a written contract, only to the extent they need to provide their part
          of the service:
        </p>
        <ul>
          <li>
            <strong>Hosting and database providers</strong>, which store and run the service.
          </li>
          <li>
            <strong>Our SMTP email provider</strong>, which delivers review requests and account emails
            (welcome, email confirmation, password reset, alerts).
          </li>
          <li>
            <strong>Twilio</strong>, which delivers SMS and WhatsApp review requests.
          </li>
          <li>
            <strong>Google and Meta (Facebook)</strong>, only when a business connects its Google Business
            Profile or Facebook Page, to import reviews and publish replies. Their own privacy policies govern
            what they do with data on their platforms.
          </li>
          <li>
            <strong>Stripe</strong>, which processes subscription payments (Checkout) and shows invoices and
            cancellation in its customer portal.
          </li>
        </ul>
        <p>
          We may also disclose data when the law requires it, to protect the rights and safety of people or
          the service, or to a successor in a merger or acquisition, which would remain bound by this policy.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    content: (
      <p>
        Some sub-processors may handle data outside the country where it was collected. When data leaves the
        European Economic Area, the United Kingdom or Switzerland, we rely on an adequacy decision or the
        standard contractual clauses approved for that purpose, with additional safeguards where needed.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>Account data: for as long as the account is open, then deleted within 30 days of closure.</li>
        <li>
          Customer data: for as long as the business keeps it in its account. A business can delete contacts,
          reviews and videos at any time; when an account closes, its customer data is deleted within 30 days.
        </li>
        <li>
          Opt-out records: kept while the business’s account exists, because deleting them would allow the
          person to be contacted again.
        </li>
        <li>
          Review-request delivery logs: kept with the business’s other customer data, as above. Server and
          security logs: kept for up to 12 months.
        </li>
        <li>Billing records: kept for as long as tax and accounting law requires.</li>
        <li>Backups: deleted data disappears from backups as they are overwritten on a rolling schedule.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <ul>
        <li>All traffic to and from ReviewFlow is encrypted in transit with TLS.</li>
        <li>Passwords are stored only as salted, one-way hashes; nobody at ReviewFlow can read them.</li>
        <li>
          Access tokens for Google and Facebook are encrypted at rest and are never sent back to the browser.
        </li>
        <li>
          Every business’s data is kept separate: one account cannot read or change another account’s records.
        </li>
        <li>
          Review links contain long random identifiers that cannot be guessed, and sign-in and public forms
          are rate-limited.
        </li>
        <li>Staff access is limited to what their role needs, and administrative actions are logged.</li>
      </ul>
    ),
  },
  {
    id: 'opt-outs',
    title: 'Messages to customers and how to opt out',
    content: (
      <>
        <p>
          Review requests are sent by the business you dealt with, through ReviewFlow. You can stop them on
          each channel separately:
        </p>
        <ul>
          <li>
            <strong>Email</strong>: use the unsubscribe link at the bottom of the email, or your email app’s
            unsubscribe button.
          </li>
          <li>
            <strong>SMS</strong>: reply <strong>STOP</strong> to the message.
          </li>
          <li>
            <strong>WhatsApp</strong>: reply <strong>STOP</strong>, or block the sender in WhatsApp.
          </li>
        </ul>
        <p>
          Once you opt out of a channel, that business cannot send you review requests on it through
          ReviewFlow. You can also contact the business directly, or write to us and we will pass your request
          on.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, delete or export your
          personal data, to restrict or object to its use, and to withdraw consent at any time without
          affecting what was done before. Residents of some US states have similar rights, including the right
          to know what we collect and to not be discriminated against for using these rights.
        </p>
        <p>
          Clients can exercise most rights directly in their account: Settings › Profile › Export my data
          downloads all of it as a ZIP of CSV files, and deleting the account (with your password) removes it
          and cancels the subscription; or write to us. Customers of a business should contact that business
          first, as it controls their data; if you write to us instead, we will forward your request and help
          the business answer it. We reply within one month.
        </p>
        <p>
          You also have the right to complain to your local data-protection authority. We would appreciate the
          chance to resolve your concern first.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>We keep this to the minimum the service needs:</p>
        <ul>
          <li>
            <strong>One session cookie</strong>, set when you sign in, which keeps you signed in. It is
            HTTP-only, is not readable by scripts and is removed when you sign out or it expires.
          </li>
          <li>
            <strong>Your theme choice</strong> (light or dark), saved in your browser’s local storage. It
            never leaves your device.
          </li>
        </ul>
        <p>We use no advertising cookies, no third-party analytics and no cross-site tracking.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        ReviewFlow is a business tool and is not directed at children. Client accounts are for adults acting
        for a business. If you believe a child’s data has reached us, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        If we change this policy we will update the date at the top, and for significant changes we will tell
        clients by email or in the app before the change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For any privacy question or request, write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalLayout>
      <LegalDocument
        title="Privacy Policy"
        lastUpdated={{ iso: '2026-11-21', label: '21 November 2026' }}
        intro={
          <p>
            We built ReviewFlow to collect honest feedback, not personal data. We collect what the service
            needs, use it only to provide the service, and never sell it.
          </p>
        }
        sections={sections}
      />
    </LegalLayout>
  );
}
