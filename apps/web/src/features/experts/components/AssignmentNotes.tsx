import { formatDayTime, type ReviewRatingView } from '@assay/shared';
import { Stars } from '../../../components/ui/Stars.tsx';

/**
 * By when an offered review must be accepted (decision 227), or that the time has passed: past it
 * the server refuses the accept even before the sweep hands the review on, so say so rather than
 * leave an Accept button that can only fail.
 */
export function OfferDeadline({ at, now = Date.now() }: { at: string; now?: number }) {
  const lapsed = Date.parse(at) <= now;
  return lapsed ? (
    <p className="text-sm font-medium text-red-700" data-testid="offer-deadline">
      Offer lapsed: it had to be accepted by {formatDayTime(at)}.
    </p>
  ) : (
    <p className="text-sm text-slate-700" data-testid="offer-deadline">
      Accept by {formatDayTime(at)}
    </p>
  );
}

/** The member's rating of a delivered review (decision 232): stars and comment, never who gave it. */
export function MemberRating({ rating }: { rating: ReviewRatingView }) {
  return (
    <div className="text-sm text-slate-800" data-testid="member-rating">
      <p>
        The member’s rating: <Stars stars={rating.stars} />
      </p>
      {rating.comment && <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{rating.comment}</p>}
    </div>
  );
}

/** Whether an offer's accept-by time has passed (the Accept button is withheld then). */
export const offerLapsed = (at: string | null, now = Date.now()) => at !== null && Date.parse(at) <= now;
