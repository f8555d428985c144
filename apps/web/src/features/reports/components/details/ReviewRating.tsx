import { rateReviewRequest, REVIEW_RATING_COMMENT_MAX, type ReviewRequestView } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { TextAreaField } from '../../../../components/ui/Field.tsx';
import { Stars, StarInput } from '../../../../components/ui/Stars.tsx';
import { errorText } from '../../../../lib/api.ts';
import { rateReview } from '../../api/reviews.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * The member's rating of a delivered review (decision 232): given once — 1 to 5 stars and an
 * optional comment — and shown as given afterwards. The expert sees it too, not who gave it.
 */
export function ReviewRating({ request, onRated }: { request: ReviewRequestView; onRated: () => void }) {
  const id = useId();
  const [stars, setStars] = useState<number>();
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<{ stars?: string; comment?: string }>({});
  const send = useMutation({ mutationFn: (body: { stars: number; comment: string }) => rateReview(request.id, body), onSuccess: onRated });

  if (request.rating) {
    return (
      <div className="mt-2 text-sm text-slate-800" data-testid="review-rating">
        <p>
          Your rating: <Stars stars={request.rating.stars} />{' '}
          <span className="text-slate-700">· {formatDateTime(request.rating.rated_at)}</span>
        </p>
        {request.rating.comment && <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{request.rating.comment}</p>}
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's own schema, so what is refused here is what it would refuse.
    const parsed = rateReviewRequest.safeParse({ stars, comment });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return setInvalid({
        stars: issues.find((i) => i.path[0] === 'stars')?.message,
        comment: issues.find((i) => i.path[0] === 'comment')?.message,
      });
    }
    setInvalid({});
    send.mutate(parsed.data);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 border-t border-emerald-200 pt-3"
      aria-labelledby={`${id}-h`}
      data-testid="review-rating-form"
    >
      <h5 id={`${id}-h`} className="font-medium text-slate-900">
        Rate this review
      </h5>
      <StarInput legend="How useful was this review?" value={stars} onChange={setStars} error={invalid.stars} disabled={send.isPending} />
      <TextAreaField
        label="Comment (optional)"
        rows={2}
        maxLength={REVIEW_RATING_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={invalid.comment}
        hint="The expert sees your stars and comment, not your name or e-mail."
      />
      {send.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(send.error)}
        </p>
      )}
      <Button type="submit" loading={send.isPending}>
        Send the rating
      </Button>
    </form>
  );
}
