import { Link } from 'wouter';
import { FreePlanLimits, GracePeriod, UnverifiedCap } from '@/features/billing';
import { LegalDocument, type LegalSection } from './components/legal-document';
import { LegalLayout } from './components/legal-layout';

const LEGAL_EMAIL = 'legal@reviewflow.example';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are an agreement between ReviewFlow (“we”, “us”) and the business that creates an
          account (“you”). By creating an account or using the service you accept them. If you accept them for
          a company, you confirm that you are authorised to bind it.
        </p>
        <p>
          ReviewFlow is a tool for businesses. It is not intended for personal or household use, and you must
          be at least 18 years old to open an account.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    content: (
      <p>
        ReviewFlow lets you send review requests to your customers by email, SMS and WhatsApp, share review
        links and QR codes, collect written and video reviews, import reviews from a connected Google Business
        Profile or Facebook Page, reply to reviews (including with suggested replies you can edit), and see
        analytics. We may improve, change or remove features over time; if we remove a feature you rely on in
        a material way we will give you reasonable notice.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>Give accurate information when you sign up, and keep it up to date.</li>
        <li>
          Keep your password secret and your sign-in to yourself. You are responsible for what happens under
          your account.
        </li>
        <li>
          Tell us straight away at <a href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a> if you think someone
          has accessed your account without permission.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>
          Reviews are only worth something if people can trust them. When you use ReviewFlow you agree to the
          following.
        </p>
        <h3>Honest reviews</h3>
        <ul>
          <li>
            Do not write, buy, commission or publish fake reviews, and do not review your own business or a
            competitor’s.
          </li>
          <li>
            <strong>No review gating.</strong> Do not ask only customers you expect to be happy to post
            publicly, and do not steer unhappy customers away from public review sites. Every customer you ask
            must be free to leave a public review whatever their rating; ReviewFlow’s review page offers the
            public links to every customer for this reason.
          </li>
          <li>
            Do not offer a reward that depends on the review being positive, and disclose any incentive where
            the rules require it.
          </li>
          <li>
            Do not suppress, alter or selectively hide reviews in a way that misleads people about what
            customers think.
          </li>
          <li>
            Follow Google’s and Facebook’s policies for reviews and business listings, and the US Federal
            Trade Commission’s rule on the use of consumer reviews and testimonials, along with any similar
            law where you operate.
          </li>
        </ul>
        <h3>Messaging</h3>
        <ul>
          <li>
            Only send review requests to people who are your genuine customers and from whom you have the
            consent or other lawful basis that the law requires for the channel (email, SMS or WhatsApp),
            including anti-spam and telemarketing laws.
          </li>
          <li>
            Honour every opt-out. When someone unsubscribes or replies STOP, do not contact them again on that
            channel, and do not try to get around ReviewFlow’s opt-out records.
          </li>
          <li>Follow the messaging rules of WhatsApp and of the mobile carriers that deliver your texts.</li>
        </ul>
        <h3>The service itself</h3>
        <ul>
          <li>
            Do not upload unlawful, abusive, infringing or harmful content, or personal data you have no right
            to use.
          </li>
          <li>
            Do not probe, overload or break the service’s security, access another account’s data, or use the
            service to build a competing product.
          </li>
          <li>Do not resell or sublicense the service without our written permission.</li>
        </ul>
        <p>
          We may remove content or suspend sending that breaks these rules, and we may report fake-review
          schemes to the platform concerned.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and our licence to it',
    content: (
      <p>
        You keep ownership of what you put into ReviewFlow: your templates, replies, contacts, and the reviews
        you collect. You give us a worldwide, non-exclusive licence to host, copy, process, transmit and
        display that content only as needed to run the service for you, including publishing your replies to
        Google or Facebook when you ask us to. The licence ends when your content is deleted from the service.
        You are responsible for having the rights to the content you upload.
      </p>
    ),
  },
  {
    id: 'customer-data',
    title: 'Customer data and data processing',
    content: (
      <>
        <p>
          For the personal data of your customers, you are the controller and we are your processor. Our Data
          Processing Agreement forms part of these terms and applies to that data: we process it only on your
          instructions, keep it confidential and secure, use approved sub-processors, help you answer requests
          from the people concerned, and delete it when you close your account.
        </p>
        <p>
          You are responsible for telling your customers how you use their data and for having a lawful basis
          to use it. Our <Link href="/privacy-policy">Privacy Policy</Link> describes how we handle personal
          data.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Google, Facebook and other third-party services',
    content: (
      <p>
        Connecting Google Business Profile, Facebook, or a messaging or payment provider is optional, and
        their own terms govern your use of them. You authorise us to access them on your behalf within the
        permissions you grant, and you can disconnect them at any time in Settings. We are not responsible for
        those services, and a change they make may affect a ReviewFlow feature that depends on them.
      </p>
    ),
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    content: (
      <ul>
        <li>
          Every account starts on the free plan: <FreePlanLimits />. Until you confirm your email address, an
          account can send <UnverifiedCap />.
        </li>
        <li>
          Paid plans are billed monthly in advance through Stripe Checkout; Stripe is our payment processor.
          Your subscription renews automatically each month until you cancel.
        </li>
        <li>
          You can see your invoices and cancel at any time in Stripe’s customer portal, opened from Manage
          billing in Settings. Cancellation takes effect at the end of the current billing period, and you
          keep access until then. We do not refund partial months, except where the law requires it.
        </li>
        <li>Prices do not include taxes unless stated; you pay any applicable taxes.</li>
        <li>
          We will give you at least 30 days’ notice of a price change, which applies from your next billing
          period after the notice.
        </li>
        <li>
          If a payment fails, your plan keeps working for a <GracePeriod /> while it is retried; after that,
          until a payment goes through, your account has the free plan’s limits.
        </li>
      </ul>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and support',
    content: (
      <p>
        We work to keep ReviewFlow available and fast, but we do not promise that it will be uninterrupted or
        error-free. We may need planned maintenance, which we try to schedule at quiet times. Messages depend
        on email, SMS and WhatsApp networks we do not control, so we cannot guarantee that every message is
        delivered. Support is available by email.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    content: (
      <>
        <p>
          You may delete your account at any time in Settings, with your password; deleting it cancels your
          subscription. Before that you can download all your data with Export my data (a ZIP of CSV files).
          We may suspend or close an account that seriously or repeatedly breaks these terms (for example by
          sending messages without consent or by posting fake reviews), that puts the service or other people
          at risk, or whose fees remain unpaid. Where it is reasonable, we will warn you first and give you a
          chance to fix the problem.
        </p>
        <p>
          After closure we delete your data as described in our Privacy Policy. Sections that by their nature
          should survive (such as liability, indemnity and governing law) continue to apply.
        </p>
      </>
    ),
  },
  {
    id: 'ip',
    title: 'Our intellectual property',
    content: (
      <p>
        The ReviewFlow software, design and brand belong to us and our licensors. These terms give you the
        right to use the service while your account is active; they do not transfer any ownership. If you send
        us feedback, we may use it to improve the service without obligation to you.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <p>
        Except as stated in these terms, the service is provided “as is” and “as available”, and we disclaim
        implied warranties such as merchantability, fitness for a particular purpose and non-infringement, to
        the extent the law allows. Suggested replies and analytics are aids; you decide what to publish and
        are responsible for it. We do not control whether Google, Facebook or any other platform shows, ranks
        or removes a review.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <>
        <p>
          To the extent the law allows, neither party is liable for indirect or consequential losses, or for
          lost profits, revenue, goodwill or data, and each party’s total liability under these terms is
          limited to the fees you paid us in the 12 months before the event giving rise to the claim.
        </p>
        <p>
          These limits do not apply to your payment obligations, to your obligations under the acceptable-use
          section, or to liability that cannot be limited by law, such as for fraud, or for death or personal
          injury caused by negligence.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    content: (
      <p>
        You will defend and compensate us against third-party claims, fines and costs arising from your
        content, the messages you send through ReviewFlow, or your breach of the acceptable-use section or of
        data-protection, consumer-protection or messaging laws.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as the service or the law changes. We will update the date at the top, and
        for material changes we will tell you by email or in the app at least 30 days before they take effect.
        If you do not agree, you can close your account before then; continuing to use the service afterwards
        means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <p>
        These terms are governed by the laws of the place where ReviewFlow is established, without regard to
        its conflict-of-laws rules, and disputes belong to the courts of that place, unless mandatory law
        gives you the right to use another law or court. Before starting any proceedings, each party agrees to
        try in good faith to resolve the dispute by contacting the other.
      </p>
    ),
  },
  {
    id: 'general',
    title: 'General',
    content: (
      <p>
        These terms, together with the Data Processing Agreement and any order you accept, are the whole
        agreement between us about the service. If a part of them is found unenforceable, the rest still
        applies. Not enforcing a right straight away is not a waiver of it. You may not transfer these terms
        without our consent; we may transfer them to a successor to our business. Neither party is responsible
        for delays caused by events beyond its reasonable control.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these terms? Write to <a href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a>.
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalLayout>
      <LegalDocument
        title="Terms of Service"
        lastUpdated={{ iso: '2026-11-21', label: '21 November 2026' }}
        intro={
          <p>
            Please read these terms carefully. They explain what you can expect from ReviewFlow and what we
            expect from you, especially about collecting reviews honestly and messaging customers with their
            consent.
          </p>
        }
        sections={sections}
      />
    </LegalLayout>
  );
}
