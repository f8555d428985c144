import {
  formatTime,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENTS_MAX,
  REVIEW_DIMENSIONS,
  REVIEW_DIMENSION_LABELS,
  REVIEW_RECOMMENDATIONS,
  REVIEW_RECOMMENDATION_LABELS,
  REVIEW_VERDICTS,
  REVIEW_VERDICT_LABELS,
  sectionsFor,
  submitReviewRequest,
  type Complexity,
  type ReviewDimension,
  type SectionKey,
  type ReviewDraft,
  type ReviewRecommendation,
} from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { expertKeys, fetchDraft, saveDraft, submitReview } from '../api/expert.ts';
import { useAutosave, type AutosaveState } from '../hooks/useAutosave.ts';

type Verdict = (typeof REVIEW_VERDICTS)[number];
/** A comment as the form holds it: `key` keeps React's list steady as comments come and go; it is never sent. */
type FormComment = { key: number; section: SectionKey; text: string };
type FormState = Omit<ReviewDraft, 'comments'> & { comments: FormComment[] };

const blank = (): ReviewDraft => ({
  verdicts: Object.fromEntries(REVIEW_DIMENSIONS.map((d) => [d, { verdict: 'adequate' as Verdict, note: '' }])) as ReviewDraft['verdicts'],
  recommendation: 'hold_for_data',
  reasons: '',
  answers: '',
  comments: [],
});
const toDraft = (s: FormState): ReviewDraft => ({ ...s, comments: s.comments.map(({ section, text }) => ({ section, text })) });

/**
 * The expert's review of an accepted request (issue 28 §3, decision 233): a verdict per dimension,
 * a recommendation with reasons, answers, and comments anchored to the report's sections. It opens
 * with the draft last saved (on this device or another) and saves as the expert writes; Deliver
 * sends it. The draft is read before the form shows, so a blank form never overwrites a saved one.
 */
export function ReviewForm({ id, complexity, asked }: { id: string; complexity: Complexity; asked: readonly string[] | null }) {
  const draft = useQuery({
    queryKey: expertKeys.draft(id),
    queryFn: ({ signal }) => fetchDraft(id, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (draft.isPending)
    return (
      <div role="status">
        <Spinner /> <span className="sr-only">Loading your draft</span>
      </div>
    );
  if (draft.isError) {
    return (
      <div className="space-y-2">
        <p role="alert" className="text-sm text-red-700">
          Your draft could not be loaded: {errorText(draft.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void draft.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ReviewFormBody id={id} complexity={complexity} asked={asked} initial={draft.data.draft ?? blank()} savedAt={draft.data.saved_at} />
  );
}

function ReviewFormBody({
  id,
  complexity,
  asked,
  initial,
  savedAt,
}: {
  id: string;
  complexity: Complexity;
  asked: readonly string[] | null;
  initial: ReviewDraft;
  savedAt: string | null;
}) {
  const f = useId();
  const queryClient = useQueryClient();
  const nextKey = useRef(0);
  const withKeys = (d: ReviewDraft): FormState => ({ ...d, comments: d.comments.map((c) => ({ ...c, key: nextKey.current++ })) });
  const [form, setForm] = useState<FormState>(() => withKeys(initial));
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((s) => ({ ...s, [k]: v }));
  const [invalid, setInvalid] = useState<{ at: string; message: string }>();
  const autosave = useAutosave(toDraft(form), (d, keepalive) => saveDraft(id, d, keepalive), { initial });

  // The report's sections, those the member asked about first (any section can take a comment).
  const all = sectionsFor(complexity);
  const askedSet = new Set(asked ?? []);
  const first = all.filter((s) => askedSet.has(s.key));
  const rest = all.filter((s) => !askedSet.has(s.key));
  const options = (list: typeof all) =>
    list.map((s) => (
      <option key={s.key} value={s.key}>
        {all.indexOf(s) + 1}. {s.title}
      </option>
    ));

  const addRef = useRef<HTMLButtonElement>(null);
  const [focusComment, setFocusComment] = useState<number>();
  useEffect(() => {
    if (focusComment === undefined) return;
    document.getElementById(`${f}-comment-${focusComment}`)?.focus();
    setFocusComment(undefined);
  }, [focusComment, f]);
  const addComment = () => {
    const key = nextKey.current++;
    set('comments', [...form.comments, { key, section: (first[0] ?? all[0]!).key, text: '' }]);
    setFocusComment(key);
  };
  const removeComment = (key: number) => {
    set(
      'comments',
      form.comments.filter((c) => c.key !== key),
    );
    addRef.current?.focus();
  };
  const setComment = (key: number, patch: Partial<FormComment>) =>
    set(
      'comments',
      form.comments.map((c) => (c.key === key ? { ...c, ...patch } : c)),
    );

  const send = useMutation({
    mutationFn: (body: Parameters<typeof submitReview>[1]) => submitReview(id, body),
    onMutate: () => autosave.stop(),
    onSuccess: (d) => {
      queryClient.setQueryData(expertKeys.assignment(id), d);
      void queryClient.invalidateQueries({ queryKey: expertKeys.assignments });
    },
    onError: () => autosave.resume(),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = submitReviewRequest.safeParse(toDraft(form));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at =
        issue.path[0] === 'comments' && typeof issue.path[1] === 'number'
          ? `comment-${form.comments[issue.path[1]]?.key}`
          : String(issue.path[0]);
      setInvalid({ at, message: issue.message });
      return;
    }
    setInvalid(undefined);
    send.mutate(parsed.data);
  };
  const errorAt = (at: string) => (invalid?.at === at ? invalid.message : undefined);

  return (
    <form onSubmit={submit} onBlur={autosave.flush} noValidate className="space-y-4" aria-labelledby={`${f}-h`}>
      {/* Kept in view while the expert scrolls the long form, so where the draft stands is always visible. */}
      <div className="sticky top-0 z-10 -mx-1 flex flex-col gap-1 bg-white/95 px-1 py-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={`${f}-h`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Your review
        </h2>
        <DraftStatus state={autosave.state} restoredAt={savedAt} onRetry={autosave.flush} />
      </div>
      {REVIEW_DIMENSIONS.map((d: ReviewDimension) => (
        <fieldset key={d} className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200">
          <legend className="px-1 text-sm font-medium text-slate-800">{REVIEW_DIMENSION_LABELS[d]}</legend>
          <SelectField
            label="Verdict"
            value={form.verdicts[d].verdict}
            onChange={(e) => set('verdicts', { ...form.verdicts, [d]: { ...form.verdicts[d], verdict: e.target.value as Verdict } })}
          >
            {REVIEW_VERDICTS.map((v) => (
              <option key={v} value={v}>
                {REVIEW_VERDICT_LABELS[v]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Note (optional)"
            rows={2}
            maxLength={2000}
            value={form.verdicts[d].note}
            onChange={(e) => set('verdicts', { ...form.verdicts, [d]: { ...form.verdicts[d], note: e.target.value } })}
          />
        </fieldset>
      ))}
      <SelectField
        label="Recommendation"
        value={form.recommendation}
        onChange={(e) => set('recommendation', e.target.value as ReviewRecommendation)}
      >
        {REVIEW_RECOMMENDATIONS.map((r) => (
          <option key={r} value={r}>
            {REVIEW_RECOMMENDATION_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Reasons"
        rows={4}
        maxLength={8000}
        value={form.reasons}
        onChange={(e) => set('reasons', e.target.value)}
        error={errorAt('reasons')}
        required
      />
      <TextAreaField
        label="Answers to the member’s questions"
        rows={4}
        maxLength={8000}
        value={form.answers}
        onChange={(e) => set('answers', e.target.value)}
        error={errorAt('answers')}
      />

      <fieldset className="space-y-3" data-testid="section-comments">
        <legend className="text-sm font-medium text-slate-800">Comments on sections</legend>
        <p className="text-sm text-slate-600">
          Anchor a comment to a section of the report; the member reads it beside that section.
          {first.length > 0 && ` They asked about: ${first.map((s) => s.title).join(', ')}.`}
        </p>
        {form.comments.map((c, i) => (
          <div key={c.key} className="space-y-2 rounded-lg p-3 ring-1 ring-slate-200" data-testid="section-comment">
            <SelectField
              label={`Section of comment ${i + 1}`}
              value={c.section}
              onChange={(e) => setComment(c.key, { section: e.target.value as SectionKey })}
            >
              {first.length > 0 ? (
                <>
                  <optgroup label="Sections the member asked about">{options(first)}</optgroup>
                  <optgroup label="Other sections">{options(rest)}</optgroup>
                </>
              ) : (
                options(all)
              )}
            </SelectField>
            <TextAreaField
              id={`${f}-comment-${c.key}`}
              label={`Comment ${i + 1}`}
              rows={3}
              maxLength={REVIEW_COMMENT_MAX}
              value={c.text}
              onChange={(e) => setComment(c.key, { text: e.target.value })}
              error={errorAt(`comment-${c.key}`)}
            />
            <Button variant="outline" size="sm" onClick={() => removeComment(c.key)}>
              Remove comment {i + 1}
            </Button>
          </div>
        ))}
        {form.comments.length >= REVIEW_COMMENTS_MAX ? (
          <p className="text-sm text-slate-600">You have the most comments a review can carry ({REVIEW_COMMENTS_MAX}).</p>
        ) : (
          <Button ref={addRef} variant="outline" size="sm" onClick={addComment}>
            Add a comment on a section
          </Button>
        )}
      </fieldset>

      {invalid && !['reasons', 'answers'].includes(invalid.at) && !invalid.at.startsWith('comment-') && (
        <p role="alert" className="text-sm text-red-700">
          {invalid.message}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(send.error)}
        </p>
      )}
      <Button type="submit" loading={send.isPending}>
        Deliver the review
      </Button>
    </form>
  );
}

/** Where the draft stands, announced politely: restored, saving, saved at, or not saved (with a retry). */
function DraftStatus({ state, restoredAt, onRetry }: { state: AutosaveState; restoredAt: string | null; onRetry: () => void }) {
  let text: string;
  if (state.status === 'saving') text = 'Saving…';
  else if (state.status === 'saved') text = `Saved ${formatTime(state.at)}`;
  else if (state.status === 'error')
    text = state.closed ? `Not saved: ${state.message}` : `Not saved: ${state.message} Your text is still here.`;
  else text = restoredAt ? `Draft restored, saved ${formatTime(restoredAt)}` : 'Your draft saves as you write.';
  return (
    <div className="flex items-center gap-2">
      <p
        role="status"
        aria-live="polite"
        data-testid="draft-status"
        className={`text-sm ${state.status === 'error' ? 'text-red-700' : 'text-slate-600'}`}
      >
        {text}
      </p>
      {state.status === 'error' && !state.closed && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Save now
        </Button>
      )}
    </div>
  );
}
