/**
 * What each audit-log action is called in the operator panel's Activity tab (and its filter).
 * The log keeps the code; an action missing here (a new one) is shown by its code.
 */
export const AUDIT_ACTION_LABELS = {
  'operator.sign_in': 'Operator signed in',
  'operator.locked_out': 'Operator sign-in locked',
  'operator.unlock': 'Operator unlocked',
  'operator.password_set': 'Operator password set',
  'operator.create': 'Operator created',
  'operator.rename': 'Operator public name set',
  'operator.remove': 'Operator removed',
  'operator.totp_enabled': 'Operator added an authenticator app',
  'post.create': 'Post created',
  'post.update': 'Post edited',
  'post.publish': 'Post published',
  'post.unpublish': 'Post unpublished',
  'post.delete': 'Post deleted',
  'tag.create': 'Tag created',
  'tag.update': 'Tag renamed',
  'tag.delete': 'Tag deleted',
  'media.upload': 'Image uploaded',
  'member.tokens_granted': 'Tokens granted',
  'member.tokens_deducted': 'Tokens deducted',
  'member.account_deleted': 'Account deleted',
  'refund.approve': 'Refund approved',
  'refund.retry': 'Refund retried',
  'refund.decline': 'Refund declined',
  'report.download': 'Report downloaded',
  'invoice.download': 'Invoice downloaded',
  'credit_note.download': 'Credit note downloaded',
  'users.export': 'Users exported to Excel',
  'transactions.export': 'Purchases exported to Excel',
  'contact.export': 'Contact submissions exported',
  'contact.handled': 'Contact submission marked handled',
  'contact.reopened': 'Contact submission reopened',
  'contact.erase': 'Contact submission erased',
  'expert.invite': 'Expert invited',
  'expert.sign_in': 'Expert signed in',
  'expert.undertaking': 'Expert accepted the confidentiality undertaking',
  'expert.report_view': 'Expert viewed an invention record',
  'expert.pdf_view': 'Expert opened a report PDF',
  'review.requested': 'Expert review requested',
  'review.assign': 'Expert review assigned',
  'review.accepted': 'Expert review accepted',
  'review.declined': 'Expert review declined',
  'review.cancel': 'Expert review cancelled',
  'review.delivered': 'Expert review delivered',
  'review.auto_assign': 'Expert review offered by matching',
  'review.offer_lapsed': 'Expert review offer lapsed',
  'review.unmatched': 'Expert review ended: no expert took it on',
  'review.overdue': 'Expert review overdue (escalated)',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The label of an action code, or the code itself when it has none. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
