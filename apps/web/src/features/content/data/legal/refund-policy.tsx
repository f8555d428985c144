import { PRODUCT_NAME, TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { Bullets, SupportEmail, TextLink, type LegalDoc } from '../../components/LegalDocument.tsx';
import { POLICY } from './policy-values.ts';

/** Refund and Cancellation Policy (docs/product.md §2: effective July 16, 2025, nine sections). */
export const REFUND_POLICY: LegalDoc = {
  title: 'Refund and Cancellation Policy',
  effective: POLICY.refundEffective,
  intro: (
    <p>
      This policy explains when you can get your money back for token packages and expert services bought on {PRODUCT_NAME}, and how to ask
      for it. It forms part of our <TextLink to="/terms">Terms and Conditions</TextLink>; words defined there have the same meaning here.
    </p>
  ),
  sections: [
    {
      id: 'overview',
      title: 'Overview',
      body: (
        <>
          <p>
            {PRODUCT_NAME} sells tokens in packages. Tokens are spent to generate Technology Assessment Reports, and a report is produced
            and delivered as soon as you start it. Because a generated report cannot be “returned”, refunds are limited to tokens you have
            not used. In short:
          </p>
          <Bullets
            items={[
              <>
                you may cancel a package and get a refund within {POLICY.refundWindowDays} calendar days of purchase if none of its tokens
                has been used, less a {POLICY.adminFeePercent}% administrative fee;
              </>,
              <>tokens already consumed and reports already generated are not refundable;</>,
              <>problems caused by our systems are put right — by regenerating the report or returning the tokens;</>,
              <>expert consultations can be cancelled free of charge with at least {POLICY.consultationNoticeHours} hours’ notice.</>,
            ]}
          />
          <p>Nothing in this policy affects rights you have under consumer protection law that cannot be excluded.</p>
        </>
      ),
    },
    {
      id: 'consumed-tokens',
      title: 'No Refund for Consumed Tokens',
      body: (
        <>
          <p>The following are not refundable:</p>
          <Bullets
            items={[
              <>
                tokens that have been spent on a report, whatever the tier and whether or not the report meets your expectations — each
                report is an individual piece of work generated at your request;
              </>,
              <>reports that have been generated and delivered to your dashboard;</>,
              <>tokens bought in discounted or promotional bundles, and free tokens such as the sign-up bonus or goodwill credits;</>,
              <>tokens that have expired (see section 3).</>,
            ]}
          />
          <p>
            If you are unhappy with the quality of a report, tell us at <SupportEmail />. We read every message and use it to improve the
            reports; where a report is defective because of a system error, section 6 applies.
          </p>
        </>
      ),
    },
    {
      id: 'token-validity',
      title: 'Token Validity',
      body: (
        <>
          <p>
            Tokens are valid for <strong>{TOKEN_VALIDITY_TEXT} from the date of purchase</strong>. Each package keeps its own expiry date,
            and reports use the tokens that expire soonest first. When tokens expire they are removed from your balance; expired tokens are
            not refunded or credited.
          </p>
          <p>
            If you need more time, write to us at <SupportEmail /> <strong>before</strong> the tokens expire. Extensions are granted at our
            discretion, for example when illness or an institutional process delayed your work. Tokens are non-transferable: they cannot be
            moved to another account or person.
          </p>
        </>
      ),
    },
    {
      id: 'unused-packages',
      title: 'Refund for Unused Packages',
      body: (
        <>
          <p>You can cancel a token package and receive a refund when all of the following are true:</p>
          <Bullets
            items={[
              <>
                you ask within <strong>{POLICY.refundWindowDays} calendar days</strong> of the purchase date;
              </>,
              <>
                <strong>none of the tokens in that package has been used</strong> — a package from which any report has been generated is
                not eligible;
              </>,
              <>the package was bought at its regular price, not as a discounted or promotional bundle;</>,
              <>your account is not suspended for a breach of the Terms.</>,
            ]}
          />
          <p>
            We deduct an <strong>administrative fee of {POLICY.adminFeePercent}%</strong> of the amount you paid, which covers payment
            processing and handling costs, and refund the rest to the original payment method. For example, if you paid 100.00 for a
            package, you receive 90.00. Taxes charged on the refunded amount are reversed as required by law. When the refund is approved,
            the package’s tokens are removed from your balance.
          </p>
          <p>
            Approved refunds are processed within <strong>{POLICY.refundProcessing}</strong>. Your bank or card issuer may take a few more
            days to show the money in your account.
          </p>
        </>
      ),
    },
    {
      id: 'suspension',
      title: 'Suspension or Termination by the Provider',
      body: (
        <>
          <p>
            If we suspend or close your account because you breached the Terms — for example through fraud, payment abuse, misuse of
            promotional tokens or attempts to disrupt the Platform — unused tokens are forfeited and no refund is due, except where the law
            requires otherwise.
          </p>
          <p>
            If we close your account or discontinue the Platform for reasons that are not your fault, we will give you reasonable notice and
            refund the paid tokens that are still valid and unused, in proportion to the price you paid for them, without any administrative
            fee.
          </p>
        </>
      ),
    },
    {
      id: 'system-errors',
      title: 'System Errors and Failed Deliveries',
      body: (
        <>
          <p>
            If a report fails to generate, the tokens set aside for it are returned to your balance automatically and the report is marked
            as failed in your dashboard; you can then try again at no extra cost.
          </p>
          <p>
            If a report shows as completed but was not delivered, cannot be opened, or is materially incomplete because of a system error,
            notify us at <SupportEmail /> <strong>within {POLICY.deliveryIssueHours} hours</strong> of its generation, with proof: the
            report title or ID, the time you generated it, and a screenshot or description of the problem. After verifying the problem, we
            will regenerate the report or return the tokens to your balance.
          </p>
          <p>
            If a payment error charges you more than once for the same package, or charges you without adding tokens, tell us with the
            payment ID: the duplicate or failed charge is refunded in full, without any fee.
          </p>
        </>
      ),
    },
    {
      id: 'expert-services',
      title: 'Expert and Add-on Services',
      body: (
        <>
          <p>
            Expert review, consultations with RTTP experts and other add-on services are paid separately from tokens, on the terms quoted to
            you before you book.
          </p>
          <Bullets
            items={[
              <>
                You may cancel or reschedule a consultation free of charge if you give at least{' '}
                <strong>{POLICY.consultationNoticeHours} hours’ notice</strong> before its start time; any amount paid for it is refunded in
                full or moved to the new time.
              </>,
              <>Cancellations with less than {POLICY.consultationNoticeHours} hours’ notice, and missed appointments, are not refunded.</>,
              <>If an expert has to cancel, you can choose a new time or a full refund.</>,
              <>Work that has already been delivered, such as a completed expert review, is not refundable.</>,
            ]}
          />
        </>
      ),
    },
    {
      id: 'how-to-request',
      title: 'How to Request a Refund',
      body: (
        <>
          <p>
            Email <SupportEmail /> from the address of your account, with the subject “Refund request”, and include:
          </p>
          <Bullets
            items={[
              <>the email address of your account;</>,
              <>the payment ID or order ID and the date of purchase (both are on your payment confirmation and invoice);</>,
              <>the package or service concerned;</>,
              <>the reason for your request and, for system errors, the proof described in section 6.</>,
            ]}
          />
          <p>
            We confirm receipt, review the request against this policy and tell you the outcome by email. Approved refunds are paid to the
            original payment method within {POLICY.refundProcessing}.
          </p>
        </>
      ),
    },
    {
      id: 'updates',
      title: 'Policy Updates',
      body: (
        <p>
          We may update this policy from time to time. The new version is posted on this page with a new effective date. A purchase is
          governed by the policy in force on the date it was made. Questions about this policy can be sent to <SupportEmail /> or through
          our <TextLink to="/contact">contact form</TextLink>.
        </p>
      ),
    },
  ],
};
