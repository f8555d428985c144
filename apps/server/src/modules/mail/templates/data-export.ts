import { PRODUCT_NAME } from '@assay/shared';
import { template, textMail } from '../template.ts';

/** The member's data export (account/export-job.ts): ready with its link, or failed. */

const megabytes = (bytes: number) => `${Math.max(0.1, Math.round(bytes / 100_000) / 10)} MB`;

export const dataExportReady = template<{ name: string; bytes: number; link: string; expiresAt: Date; signInFirst: boolean }>({
  about: 'The member\u2019s data export is ready to download, until the link expires.',
  sample: {
    name: 'Asha Rao',
    bytes: 3_450_000,
    link: 'http://localhost:3000/api/account-exports/sample?key=k3y',
    expiresAt: new Date('2026-12-05T09:30:00Z'),
    signInFirst: false,
  },
  render: ({ name, bytes, link, expiresAt, signInFirst }) =>
    textMail(
      'Your data is ready to download',
      `Your ${PRODUCT_NAME} data is ready to download`,
      `Hi ${name},\n\nThe export of your ${PRODUCT_NAME} data you asked for is ready (${megabytes(bytes)}). Download it here${signInFirst ? ' (you will be asked to sign in)' : ''}:\n${link}\n\n` +
        `The link works until ${expiresAt.toUTCString()}; after that the file is deleted and you can ask for a new export from your profile.\n` +
        (signInFirst ? '' : `Anyone with this link can download the file, so do not forward this email.\n`),
    ),
});

export const dataExportFailed = template<{ name: string }>({
  about: 'The member\u2019s data export could not be prepared after its retries.',
  sample: { name: 'Asha Rao' },
  render: ({ name }) =>
    textMail(
      'Your data export could not be prepared',
      `Your ${PRODUCT_NAME} data export could not be prepared`,
      `Hi ${name},\n\nWe could not prepare the export of your data. Please ask for it again from your profile; if it fails again, contact us from the Contact page.\n`,
    ),
});
