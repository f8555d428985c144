import { formatTokens, GST_PERCENT, PRODUCT_NAME, REPORT_COSTS, sectionsFor, TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { Bullets, SupportEmail, TextLink, type LegalDoc } from '../../components/LegalDocument.tsx';
import { POLICY } from './policy-values.ts';

/** Terms and Conditions (docs/product.md §2: effective July 18, 2025, eleven sections). */
export const TERMS: LegalDoc = {
  title: 'Terms and Conditions',
  effective: POLICY.termsEffective,
  intro: (
    <>
      <p>
        These Terms and Conditions (the “Terms”) govern your use of the {PRODUCT_NAME} website, the member area and every service offered
        through them, including AI-generated Technology Assessment Reports, token purchases and access to our network of registered
        technology transfer professionals (together, the “Platform”). “{PRODUCT_NAME}”, “we”, “us” and “our” refer to the provider of the
        Platform; “you” and “your” refer to the person or organisation using it.
      </p>
      <p>
        Please read these Terms carefully. They include a limit on our liability (section 9) and choose the law and courts that apply to
        disputes (section 10). Our <TextLink to="/privacy">Privacy Policy</TextLink> and our{' '}
        <TextLink to="/refund-policy">Refund and Cancellation Policy</TextLink> form part of these Terms.
      </p>
    </>
  ),
  sections: [
    {
      id: 'acceptance',
      title: 'Acceptance of Terms',
      body: (
        <>
          <p>
            By creating an account, buying tokens, generating a report or otherwise using the Platform, you agree to be bound by these
            Terms. If you do not agree, do not use the Platform.
          </p>
          <Bullets
            items={[
              <>You must be at least {POLICY.minimumAge} years old and able to enter into a binding contract.</>,
              <>
                If you use the Platform on behalf of a university, company or other organisation, you confirm that you are authorised to
                accept these Terms for it, and “you” includes that organisation.
              </>,
              <>
                We may update these Terms from time to time. We will post the new version on this page with a new effective date and, for
                material changes, notify registered members by email before they take effect. Continuing to use the Platform after that date
                means you accept the updated Terms.
              </>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'services',
      title: 'Description of Services',
      body: (
        <>
          <p>
            The Platform turns a description of a technology idea into a structured, investor-oriented Technology Assessment Report,
            delivered as a PDF. Reports are offered in three tiers:
          </p>
          <Bullets
            items={[
              <>
                <strong>Basic</strong> — {sectionsFor('basic').length} sections, {formatTokens(REPORT_COSTS.basic)} tokens;
              </>,
              <>
                <strong>Advanced</strong> — {sectionsFor('advanced').length} sections, {formatTokens(REPORT_COSTS.advanced)} tokens;
              </>,
              <>
                <strong>Comprehensive</strong> — {sectionsFor('comprehensive').length} sections, {formatTokens(REPORT_COSTS.comprehensive)}{' '}
                tokens.
              </>,
            ]}
          />
          <p>
            Reports are generated in the background and are normally available in your dashboard within minutes; the estimated time shown
            while a report is processing is an estimate, not a guarantee. The Platform also provides a blog and press releases, and lets you
            contact or book a consultation with registered technology transfer professionals (“RTTP experts”). Expert review and
            consultations are a separate paid service, agreed and charged separately from tokens.
          </p>
          <p>
            <strong>Reports are informational.</strong> A report is an automated, desk-based assessment of the information you provide. It
            is not legal, patent, tax, financial or investment advice, and it is not a patentability opinion, a freedom-to-operate opinion
            or a valuation. Before you file, license, invest or make any other decision that matters, consult a qualified professional.
          </p>
        </>
      ),
    },
    {
      id: 'ai-third-party',
      title: 'Use of AI and Third-Party Services',
      body: (
        <>
          <p>
            Reports are written with the help of large language models (“AI”) operated by a third-party provider. AI output can be
            incomplete, out of date or wrong, and may present estimates (for example market sizes or financial figures) with more confidence
            than the underlying evidence supports. You are responsible for checking any statement in a report before relying on it.
          </p>
          <p>To run the Platform we rely on carefully chosen third parties, including:</p>
          <Bullets
            items={[
              <>an AI provider, configured so that it does not use your ideas or reports to train its models;</>,
              <>a card payment provider, which processes your payment details (we never see or store your card number);</>,
              <>hosting, database and email delivery providers;</>,
              <>Google, if you choose to sign in with your Google account;</>,
              <>an external scheduling service and external forms for consultations, expert applications and job applications.</>,
            ]}
          />
          <p>
            We share with these providers only what they need to perform their service for us, as explained in our{' '}
            <TextLink to="/privacy">Privacy Policy</TextLink>. When you follow a link to a third-party site (for example to book a
            consultation), that site’s own terms and privacy policy apply.
          </p>
        </>
      ),
    },
    {
      id: 'tokens-payment',
      title: 'Token System and Payment',
      body: (
        <>
          <p>
            Reports are paid for with tokens. Each report deducts the number of tokens for its tier shown in section 2 when generation
            starts.
          </p>
          <Bullets
            items={[
              <>
                <strong>Packages and prices.</strong> Tokens are sold in packages listed on the <TextLink to="/pricing">Pricing</TextLink>{' '}
                page. Prices are shown in US dollars; GST at {GST_PERCENT}% is added to the package price and the total is shown before you
                pay. The amount charged, and the currency in which your payment provider charges it, are confirmed at checkout and on your
                invoice. Enterprise packages are quoted on request.
              </>,
              <>
                <strong>Payment.</strong> Payments are processed by our card payment provider. Tokens are added to your balance once the
                provider confirms the payment. If a payment fails or is cancelled, no tokens are added and you are not charged.
              </>,
              <>
                <strong>Validity.</strong> Tokens are valid for {TOKEN_VALIDITY_TEXT} from the date of purchase. Unused tokens expire at the
                end of that period. You may ask us to extend the validity of tokens before they expire; extensions are at our discretion.
              </>,
              <>
                <strong>Nature of tokens.</strong> Tokens are a prepaid right to use the Platform. They have no cash value, are not legal
                tender, cannot be transferred to another account or person and cannot be exchanged for money except as set out in the Refund
                and Cancellation Policy.
              </>,
              <>
                <strong>Failed generation.</strong> If a report fails to generate because of a fault on our side, the tokens set aside for
                it are returned to your balance automatically.
              </>,
              <>
                <strong>Free and promotional tokens.</strong> Tokens granted free of charge, such as the sign-up bonus that covers one Basic
                report, are promotional. They follow the same validity rule, have no monetary value and are never refundable. We may limit
                promotional tokens to one per person, email address or organisation.
              </>,
              <>
                <strong>Price changes.</strong> We may change package prices or report costs in tokens for the future. Changes never reduce
                tokens you have already bought.
              </>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'ip-ownership',
      title: 'Intellectual Property and Ownership',
      body: (
        <>
          <p>
            <strong>Your ideas remain yours.</strong> You keep all rights in the ideas, descriptions and other material you submit (“your
            input”). By submitting it, you give us a limited, non-exclusive licence to store and process your input only to provide the
            Platform to you — for example to generate, store and deliver your report. We claim no ownership of your input and do not use it
            to train AI models.
          </p>
          <p>
            <strong>Your reports.</strong> Subject to payment of the applicable tokens, you may use, copy, share and adapt the reports
            generated for you for any lawful purpose, including sharing them with advisers, investors and partners. Because AI output is
            generated from general knowledge, similar wording or analysis may appear in reports for other users, and we do not warrant that
            a report is unique or free of third-party rights.
          </p>
          <p>
            <strong>Our platform.</strong> The Platform itself — its software, report structure and templates, design, text, logos and the{' '}
            {PRODUCT_NAME} name — belongs to us or our licensors and is protected by intellectual property laws. These Terms do not transfer
            any of those rights to you.
          </p>
          <p>
            <strong>Protect your invention before disclosure.</strong> In most countries a public disclosure of an invention before a patent
            application is filed can destroy its novelty. Sharing a report or your idea with others is your decision; we recommend filing
            first and using confidentiality agreements where appropriate.
          </p>
          <p>If you send us suggestions or feedback about the Platform, we may use them without obligation to you.</p>
        </>
      ),
    },
    {
      id: 'privacy-confidentiality',
      title: 'Privacy and Confidentiality',
      body: (
        <>
          <p>
            We handle personal data as described in our <TextLink to="/privacy">Privacy Policy</TextLink>. In particular:
          </p>
          <Bullets
            items={[
              <>your ideas and reports are private to your account; we do not publish, sell or share them with other users;</>,
              <>
                our staff access them only when you ask for support, when needed to investigate a fault or misuse, or when the law requires
                it;
              </>,
              <>RTTP experts see your information only if you choose to share it with them.</>,
            ]}
          />
          <p>
            We protect your data with appropriate technical and organisational measures, but no online service can be perfectly secure. Do
            not submit information you are not entitled to share, such as a third party’s confidential material.
          </p>
        </>
      ),
    },
    {
      id: 'refund-cancellation',
      title: 'Refund and Cancellation',
      body: (
        <>
          <p>
            Refunds and cancellations are governed by our <TextLink to="/refund-policy">Refund and Cancellation Policy</TextLink>, which
            forms part of these Terms. In summary:
          </p>
          <Bullets
            items={[
              <>
                a token package may be refunded if you request it within {POLICY.refundWindowDays} calendar days of purchase and none of its
                tokens has been used; an administrative fee of {POLICY.adminFeePercent}% of the amount paid is deducted;
              </>,
              <>consumed tokens, generated reports, and discounted, promotional or free tokens and bundles are not refundable;</>,
              <>approved refunds are paid to the original payment method within {POLICY.refundProcessing};</>,
              <>
                a report that was not delivered, or was delivered incomplete or corrupted, must be reported within{' '}
                {POLICY.deliveryIssueHours} hours with proof;
              </>,
              <>consultations can be cancelled free of charge with at least {POLICY.consultationNoticeHours} hours’ notice.</>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'access-responsibility',
      title: 'Platform Access and User Responsibility',
      body: (
        <>
          <p>
            You are responsible for your account and for everything done through it. Give accurate information when you sign up, keep your
            password confidential, and tell us at once at <SupportEmail /> if you believe your account has been used without your
            permission. An account is for one person; do not share it.
          </p>
          <p>When using the Platform you must not:</p>
          <Bullets
            items={[
              <>submit unlawful content, or material you have no right to use, such as another person’s confidential information;</>,
              <>use the Platform to infringe anyone’s intellectual property or to mislead investors or partners;</>,
              <>
                copy, scrape, resell or sublicense the Platform or its reports as a service, or use automated means to generate reports
                except through features we provide;
              </>,
              <>
                probe, disrupt or overload the Platform, bypass its security or usage limits, or reverse engineer it except where the law
                allows;
              </>,
              <>create multiple accounts to obtain promotional tokens more than once.</>,
            ]}
          />
          <p>
            We may suspend or close an account that breaches these Terms or puts the Platform or other users at risk; the Refund and
            Cancellation Policy explains what happens to tokens in that case. We aim to keep the Platform available at all times but do not
            guarantee uninterrupted access: maintenance, updates and events outside our control may cause interruptions. We may change or
            withdraw features, and will give reasonable notice of changes that materially reduce what you have paid for.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of Liability',
      body: (
        <>
          <p>
            The Platform and reports are provided “as is” and “as available”. To the fullest extent permitted by law, we make no warranty
            that reports are accurate, complete or fit for a particular purpose, or that acting on them will lead to a patent, a licence,
            funding or commercial success.
          </p>
          <p>To the fullest extent permitted by law:</p>
          <Bullets
            items={[
              <>
                we are not liable for any indirect, incidental, special or consequential loss, or for loss of profits, revenue, business
                opportunity, goodwill, data, or patent or other intellectual property rights, arising from your use of the Platform or
                reliance on a report;
              </>,
              <>
                our total liability for all claims arising out of or relating to the Platform or these Terms is limited to the amount you
                paid us in the {POLICY.liabilityMonths} months preceding the event giving rise to the claim.
              </>,
            ]}
          />
          <p>
            Nothing in these Terms limits liability that cannot be limited by law, such as liability for fraud, or your rights as a consumer
            that cannot be waived.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing Law and Jurisdiction',
      body: (
        <>
          <p>
            These Terms and any dispute arising out of or in connection with them or the Platform are governed by the laws of{' '}
            {POLICY.governingLaw}. Subject to the next paragraph, the courts at {POLICY.courts} have exclusive jurisdiction.
          </p>
          <p>
            Before starting proceedings, please contact us at <SupportEmail /> so we can try to resolve the matter informally. Both parties
            agree to try in good faith to settle a dispute within 30 days of it being raised in writing.
          </p>
          <p>
            If any provision of these Terms is found unenforceable, the rest remain in effect. Our failure to enforce a provision is not a
            waiver of it.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          Questions about these Terms can be sent to <SupportEmail /> or through our <TextLink to="/contact">contact form</TextLink>. Please
          include the email address of your account so we can find it quickly.
        </p>
      ),
    },
  ],
};
