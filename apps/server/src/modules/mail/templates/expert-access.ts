import { PRODUCT_NAME } from '@assay/shared';
import { template, textMail } from '../template.ts';

/** Joining the expert network: the operators' invitation, or a declined application (decision 235). */

export const expertInvitation = template<{ name: string; url: string }>({
  about: 'A person invited to the expert network (by an operator, or an accepted application): the link that sets their password.',
  sample: { name: 'Dr. Meera Iyer', url: 'http://localhost:3000/expert/invitation#token=sample' },
  render: (r) =>
    textMail(
      'You are invited to the expert network',
      'You are invited to review inventions as an expert',
      `Hi ${r.name},\n\nYou have been invited to join the expert network. Set your password with this link (valid 7 days):\n${r.url}\n\n` +
        `You will be asked to accept a confidentiality undertaking when you first sign in.\n`,
    ),
});

export const applicationDeclined = template<{ name: string }>({
  about: 'An applicant to the expert network was not invited.',
  sample: { name: 'Dr. Meera Iyer' },
  render: (r, { publicUrl }) =>
    textMail(
      'Your application to the expert network',
      'Your application to the expert network',
      `Hi ${r.name},\n\nThank you for applying to review inventions as an expert with ${PRODUCT_NAME}. ` +
        `We are not able to invite you at this time: the network is matched to the fields, languages and countries members ask for, and these change.\n\n` +
        `You are welcome to apply again later:\n${publicUrl}/experts/apply\n`,
    ),
});
