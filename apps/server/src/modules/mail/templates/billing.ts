import { formatMoney, formatTokens, PRODUCT_NAME } from '@assay/shared';
import { template, textMail } from '../template.ts';

/**
 * The purchase receipt and the refund mails (issue 26, docs/decisions/133-notifications.md):
 * always sent. Amounts are minor units in the document's currency, written as the PDFs write them.
 */

const money = (minor: number, currency: string) => formatMoney(minor, currency, { code: true });

export const invoiceReceipt = template<{
  name: string;
  invoiceNumber: string;
  tokens: number;
  description: string;
  totalMinor: number;
  currency: string;
  paymentId: string;
}>({
  about: 'A purchase was paid: the receipt, with the tax invoice attached.',
  sample: {
    name: 'Asha Rao',
    invoiceNumber: 'INV-2026-000123',
    tokens: 5000,
    description: 'Starter package, 5,000 tokens',
    totalMinor: 499_900,
    currency: 'INR',
    paymentId: 'pay_sample123',
  },
  render: (r, { publicUrl }) =>
    textMail(
      'Thank you for your purchase',
      `Your ${PRODUCT_NAME} receipt: ${formatTokens(r.tokens)} tokens, invoice ${r.invoiceNumber}`,
      `Hi ${r.name},\n\nThank you for your purchase. ${r.description}, ${money(r.totalMinor, r.currency)} paid (payment ${r.paymentId}).\n\n` +
        `Your tax invoice ${r.invoiceNumber} is attached. You can download it again from your billing page:\n${publicUrl}/billing\n`,
    ),
});

interface RefundSums {
  currency: string;
  /** What the member paid. */
  paidMinor: number;
  /** The administrative fee kept. */
  feeMinor: number;
  /** What goes back. */
  refundMinor: number;
}

const sampleSums: RefundSums = { currency: 'INR', paidMinor: 499_900, feeMinor: 49_990, refundMinor: 449_910 };

export const refundRequested = template<{ name: string; packageName: string; tokens: number } & RefundSums>({
  about: 'A member asked for a refund: what happens next and what it means for their tokens.',
  sample: { name: 'Asha Rao', packageName: 'Starter', tokens: 5000, ...sampleSums },
  render: (r, { publicUrl }) =>
    textMail(
      'We received your refund request',
      `We received your ${PRODUCT_NAME} refund request`,
      `Hi ${r.name},\n\nWe received your request to refund the ${r.packageName} package. An operator will review it; ` +
        `we will email you the decision.\n\nIf it is approved we refund ${money(r.refundMinor, r.currency)} to your original payment method: ` +
        `the ${money(r.paidMinor, r.currency)} you paid less the 10 % administrative fee of ${money(r.feeMinor, r.currency)}, as the Refund Policy says.\n\n` +
        `Until then the package's ${formatTokens(r.tokens)} tokens are held for the refund and cannot be spent. ` +
        `Changed your mind? Withdraw the request on your billing page and the tokens are yours to use again:\n${publicUrl}/billing\n`,
    ),
});

export const refundWithdrawn = template<{ name: string; packageName: string; tokens: number }>({
  about: 'A member withdrew their refund request: the tokens are theirs again.',
  sample: { name: 'Asha Rao', packageName: 'Starter', tokens: 5000 },
  render: (r, { publicUrl }) =>
    textMail(
      'You withdrew your refund request',
      `Your ${PRODUCT_NAME} refund request is withdrawn`,
      `Hi ${r.name},\n\nYou withdrew your refund request for the ${r.packageName} package. Nothing will be refunded, ` +
        `and the package's ${formatTokens(r.tokens)} tokens are back in your balance. You may ask again while the purchase is within the refund window:\n` +
        `${publicUrl}/billing\n`,
    ),
});

export const refundApproved = template<{ name: string; creditNoteNumber: string; invoiceNumber: string; tokens: number } & RefundSums>({
  about: 'An operator approved a refund: what comes back, with the credit note attached.',
  sample: { name: 'Asha Rao', creditNoteNumber: 'CN-2026-000017', invoiceNumber: 'INV-2026-000123', tokens: 5000, ...sampleSums },
  render: (r, { publicUrl }) =>
    textMail(
      'Your refund is approved',
      `Your refund is approved: credit note ${r.creditNoteNumber}`,
      `Hi ${r.name},\n\nYour refund request for invoice ${r.invoiceNumber} was approved. ` +
        `We are refunding ${money(r.refundMinor, r.currency)} to your original payment method: the ${money(r.paidMinor, r.currency)} you paid ` +
        `less the 10 % administrative fee of ${money(r.feeMinor, r.currency)}, as the Refund Policy says. ` +
        `Your bank may take 7 to 14 business days to show it.\n\n` +
        `The package's ${formatTokens(r.tokens)} tokens have been removed from your balance. ` +
        `Your credit note ${r.creditNoteNumber} is attached; you can download it again from your billing page:\n${publicUrl}/billing\n`,
    ),
});

export const refundDeclined = template<{ name: string; packageName: string; invoiceNumber: string | null; reason: string }>({
  // It once said "reply to this email": mail goes from a no-reply address (MAIL_FROM), so only the form reaches us.
  about: 'An operator declined a refund, with the reason they gave.',
  sample: {
    name: 'Asha Rao',
    packageName: 'Starter',
    invoiceNumber: 'INV-2026-000123',
    reason: 'Most of the package\u2019s tokens were already spent on reports.',
  },
  render: (r, { publicUrl }) =>
    textMail(
      'Your refund request was declined',
      `Your ${PRODUCT_NAME} refund request was declined`,
      `Hi ${r.name},\n\nWe have reviewed your refund request for the ${r.packageName} package` +
        `${r.invoiceNumber ? ` (invoice ${r.invoiceNumber})` : ''} and cannot approve it.\n\nReason: ${r.reason}\n\n` +
        `Your tokens stay in your balance. If you think this is wrong, tell us through the contact form (this address takes no replies):\n${publicUrl}/contact\n`,
    ),
});
