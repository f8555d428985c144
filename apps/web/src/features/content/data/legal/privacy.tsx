import { PRODUCT_NAME, SESSION } from '@assay/shared';
import { Bullets, SupportEmail, Table, TextLink, type LegalDoc } from '../../components/LegalDocument.tsx';
import { POLICY } from './policy-values.ts';

/** Privacy Policy (docs/product.md §9, privacy periods; packages/report-engine/README.md, "Protecting the inventor"). */
export const PRIVACY_POLICY: LegalDoc = {
  title: 'Privacy Policy',
  effective: POLICY.privacyEffective,
  intro: (
    <>
      <p>
        Inventors trust us with ideas that are often unpublished and valuable. This policy explains what personal data {PRODUCT_NAME}{' '}
        collects, why, how long we keep it, who we share it with and the choices you have. It applies to our website, the member area and
        the services described in our <TextLink to="/terms">Terms and Conditions</TextLink>.
      </p>
      <p>
        The short version: your ideas and reports are private to you, we do not sell personal data, and the AI provider we use is configured
        not to train on your data.
      </p>
    </>
  ),
  sections: [
    {
      id: 'who-we-are',
      title: 'Who We Are',
      body: (
        <p>
          {PRODUCT_NAME} (“we”, “us”) operates the Platform and is responsible for the personal data described here. You can reach us about
          privacy, including our grievance contact, at <SupportEmail />.
        </p>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Information We Collect',
      body: (
        <>
          <Bullets
            items={[
              <>
                <strong>Account data</strong>: your name, email address, phone number and password (stored only as a one-way hash). If you
                sign in with Google, we receive your name, email address and Google account identifier — never your Google password.
              </>,
              <>
                <strong>Your ideas and reports</strong>: the descriptions you submit, the complexity you choose, and the reports generated
                from them.
              </>,
              <>
                <strong>Purchase records</strong>: the package, amount, tax, date, status and the payment and order references from our
                payment provider. Card details are entered directly with the payment provider; we never receive or store your card number.
              </>,
              <>
                <strong>Messages you send us</strong>: the reason, name, phone number, email address and message you enter in a contact
                form, and any emails you send to support.
              </>,
              <>
                <strong>Technical data</strong>: IP address, browser type, pages requested and timestamps, recorded in server logs to keep
                the service secure and working; sign-in times; and anonymous view counts of blog posts.
              </>,
            ]}
          />
          <p>We do not ask for sensitive personal data such as health, financial account or identity document details.</p>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How We Use Your Information',
      body: (
        <>
          <p>We use personal data only for these purposes:</p>
          <Bullets
            items={[
              <>to create and secure your account, verify your email and keep you signed in;</>,
              <>to generate, store and deliver your reports and show them in your dashboard;</>,
              <>to process token purchases, issue invoices and meet tax and accounting obligations;</>,
              <>to answer your messages and, if you ask, put you in touch with an RTTP expert;</>,
              <>to send service emails such as verification codes, receipts and important changes to our terms;</>,
              <>to prevent fraud and abuse (for example repeated sign-up bonuses) and to investigate faults.</>,
            ]}
          />
          <p>
            We process your data to perform our contract with you, to meet legal obligations, with your consent where we ask for it, and for
            legitimate purposes such as security. We do not sell personal data and we do not use it for third-party advertising.
          </p>
        </>
      ),
    },
    {
      id: 'ideas-reports',
      title: 'Your Ideas and Reports',
      body: (
        <>
          <Bullets
            items={[
              <>
                Ideas and reports are <strong>private to the account that created them</strong>. Other users cannot see them and we never
                publish them.
              </>,
              <>
                Our staff access them only when you ask for support with a specific report, when needed to investigate a fault or misuse, or
                when the law requires it, and access is limited to the people who need it.
              </>,
              <>
                Any large language model (LLM) provider we use to generate reports is <strong>configured not to train on your data</strong>:
                your ideas and reports are sent to it only to produce your report.
              </>,
              <>We do not share ideas or reports with RTTP experts unless you choose to share them yourself.</>,
            ]}
          />
          <p>
            <strong>A word of caution:</strong> in most countries, publishing or publicly presenting an invention before a patent
            application is filed can destroy its novelty. Keep your idea confidential until you have filed, and use confidentiality
            agreements when you share a report.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Service Providers and Sharing',
      body: (
        <>
          <p>We share personal data only with providers that help us run the Platform, and only what each one needs:</p>
          <Bullets
            items={[
              <>an AI provider, to generate reports (configured not to train on your data);</>,
              <>our card payment provider, to take payments and prevent payment fraud;</>,
              <>hosting and database providers, to store the Platform’s data;</>,
              <>an email delivery provider, to send verification codes and service emails;</>,
              <>Google, when you choose Google Sign-In.</>,
            ]}
          />
          <p>
            These providers act on our instructions and are bound to protect your data. Some of them may process data outside India; where
            they do, we require protections comparable to those in this policy. We may also disclose data when required by law or a court
            order, or to protect the rights and safety of our users and the Platform. If {PRODUCT_NAME} is reorganised or acquired, your
            data would move with the service under the same protections, and we would tell you first.
          </p>
          <p>
            Booking a consultation and applying as an expert or for a job happen on external scheduling and form services. What you enter
            there is governed by their privacy policies.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and Browser Storage',
      body: (
        <>
          <p>We use only what the Platform needs to work:</p>
          <Bullets
            items={[
              <>
                a secure, http-only sign-in cookie that keeps you signed in (for up to {SESSION.refreshTokenDaysRemembered} days if you tick
                Remember me), and a small flag in your browser’s storage that tells the site you may have a session;
              </>,
              <>
                if you start describing an idea on the home page before signing in, the text is kept in your browser tab’s session storage
                so it is still there when you come back; it never leaves your browser until you submit it, and it is cleared when you close
                the tab.
              </>,
            ]}
          />
          <p>
            We do not use advertising or cross-site tracking cookies. The RTTP Experts page loads our scheduling provider’s script so you
            can book a consultation; that provider may set its own cookies under its own policy.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How Long We Keep Data',
      body: (
        <>
          <Table
            head={['Data', 'How long we keep it']}
            rows={[
              [
                'Account data',
                <>Until you delete your account, or after {POLICY.inactivityMonths} months without any sign-in, whichever comes first.</>,
              ],
              ['Ideas and reports', <>{POLICY.reportRetentionMonths} months from the date the report was generated.</>],
              [
                'Financial records',
                <>{POLICY.financialRetentionYears} years, as required by tax and accounting law, even if you delete your account.</>,
              ],
              ['Contact form messages', <>Up to {POLICY.contactRetentionMonths} months after we have answered them.</>],
              ['Server logs', <>A short period, only as long as needed for security and troubleshooting.</>],
            ]}
          />
          <p>
            Download any report you want to keep before its retention period ends. When a period ends we delete the data or anonymise it so
            it can no longer identify you.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security and Breach Notification',
      body: (
        <>
          <p>
            We protect data with encrypted connections (HTTPS), hashed passwords, short-lived sign-in tokens, access controls that limit who
            can see what, and regular updates of our systems.
          </p>
          <p>
            If a personal data breach is likely to affect you, we will notify you and the relevant authorities{' '}
            <strong>within {POLICY.breachNoticeHours} hours</strong> of becoming aware of it, with what happened, what data was involved and
            what you can do.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights and Choices',
      body: (
        <>
          <p>Under applicable data protection law, including India’s Digital Personal Data Protection Act, 2023, you can:</p>
          <Bullets
            items={[
              <>access the personal data we hold about you and get a copy of it;</>,
              <>correct inaccurate data — you can edit your name and phone number yourself in Profile Settings;</>,
              <>ask us to delete your account and data, subject to the records we must keep by law;</>,
              <>withdraw consent you have given, without affecting earlier processing;</>,
              <>nominate another person to exercise your rights if you are unable to;</>,
              <>raise a grievance with us, and then with the data protection authority if you are not satisfied.</>,
            ]}
          />
          <p>
            You can download a copy of your data and delete your account yourself in <TextLink to="/profile">Profile Settings</TextLink>.
            For anything else, email <SupportEmail /> from the address of your account. We will respond without undue delay and within the
            time the law allows.
          </p>
        </>
      ),
    },
    {
      id: 'age',
      title: 'Minimum Age',
      body: (
        <p>
          The Platform is intended for people aged {POLICY.minimumAge} or over. We do not knowingly collect data from anyone under{' '}
          {POLICY.minimumAge}. If you believe a minor has created an account, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy as the Platform or the law changes. We will post the new version here with a new effective date and, for
          significant changes, tell registered members by email before they take effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          For privacy questions, requests or complaints, email <SupportEmail /> or use our <TextLink to="/contact">contact form</TextLink>.
          Please do not include confidential technical details of your invention in a support request unless we ask for them.
        </p>
      ),
    },
  ],
};
