import { askFollowUpRequest, FOLLOW_UP_MAX_QUESTIONS, FOLLOW_UP_QUESTION_MAX, type ReviewRequestView } from '@assay/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { TextAreaField } from '../../../../components/ui/Field.tsx';
import { errorText } from '../../../../lib/api.ts';
import { askFollowUp } from '../../api/reviews.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * The one round of follow-up questions on a delivered review (decision 234), free of charge: asked
 * while the window is open (`follow_up_until`), up to five questions; then the questions with the
 * expert's answers under each, or a note that they are awaited.
 */
export function ReviewFollowUp({ request, onAsked }: { request: ReviewRequestView; onAsked: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [questions, setQuestions] = useState<string[]>(['']);
  const [invalid, setInvalid] = useState<string>();
  const fields = useRef<Array<HTMLTextAreaElement | null>>([]);
  const send = useMutation({
    mutationFn: (body: { questions: string[] }) => askFollowUp(request.id, body),
    onSuccess: () => {
      setOpen(false);
      onAsked();
    },
  });
  const fu = request.follow_up;
  // A question added is where the member types next.
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    fields.current[questions.length - 1]?.focus();
  }, [questions.length]);

  if (fu) {
    return (
      <section className="mt-3 border-t border-emerald-200 pt-3" aria-labelledby={`${id}-h`} data-testid="review-follow-up">
        <h5 id={`${id}-h`} className="font-medium text-slate-900">
          Your follow-up questions
        </h5>
        <p className="text-slate-700">
          Asked {formatDateTime(fu.asked_at)}
          {fu.answered_at ? ` · answered ${formatDateTime(fu.answered_at)}` : ''}
        </p>
        <ol className="mt-2 space-y-3">
          {fu.questions.map((q, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              <p className="whitespace-pre-line font-medium text-slate-900">{q}</p>
              {fu.answers ? (
                <p className="mt-1 whitespace-pre-line text-slate-800">
                  <span className="font-medium">Answer: </span>
                  {fu.answers[i]}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        {!fu.answers && (
          <p className="mt-2 text-slate-700" data-testid="follow-up-waiting">
            Waiting for the expert’s answers: you will be e-mailed when they arrive.
          </p>
        )}
      </section>
    );
  }
  if (!request.follow_up_until) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's own schema, so what is refused here is what it would refuse.
    const parsed = askFollowUpRequest.safeParse({ questions });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setInvalid(issue?.message);
      const at = typeof issue?.path[1] === 'number' ? issue.path[1] : 0;
      fields.current[at]?.focus();
      return;
    }
    setInvalid(undefined);
    send.mutate(parsed.data);
  };
  const setAt = (i: number, v: string) => setQuestions((qs) => qs.map((q, j) => (j === i ? v : q)));

  if (!open) {
    return (
      <div className="mt-3 border-t border-emerald-200 pt-3">
        <p className="text-slate-700">
          Something unclear? Ask the expert one round of follow-up questions, at no charge, until {formatDateTime(request.follow_up_until)}.
        </p>
        <Button
          className="mt-2"
          variant="outline"
          onClick={() => {
            setOpen(true);
            send.reset();
          }}
        >
          Ask follow-up questions
        </Button>
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 space-y-3 border-t border-emerald-200 pt-3"
      aria-labelledby={`${id}-f`}
      data-testid="follow-up-form"
    >
      <h5 id={`${id}-f`} className="font-medium text-slate-900">
        Follow-up questions
      </h5>
      <p className="text-slate-700">
        One round, up to {FOLLOW_UP_MAX_QUESTIONS} questions, at no charge. The expert answers each; you cannot ask again after sending.
      </p>
      {questions.map((q, i) => (
        <div key={i}>
          <TextAreaField
            ref={(el) => {
              fields.current[i] = el;
            }}
            label={`Question ${i + 1}`}
            rows={2}
            maxLength={FOLLOW_UP_QUESTION_MAX}
            value={q}
            onChange={(e) => setAt(i, e.target.value)}
          />
          {questions.length > 1 && (
            <Button
              size="sm"
              variant="ghost"
              className="mt-1"
              onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
              aria-label={`Remove question ${i + 1}`}
            >
              Remove
            </Button>
          )}
        </div>
      ))}
      {invalid && (
        <p role="alert" className="text-sm text-red-700">
          {invalid}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(send.error)}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={send.isPending}>
          Send the questions
        </Button>
        {questions.length < FOLLOW_UP_MAX_QUESTIONS && (
          <Button
            variant="outline"
            onClick={() => {
              added.current = true;
              setQuestions((qs) => [...qs, '']);
            }}
            disabled={send.isPending}
          >
            Add another question
          </Button>
        )}
        <Button variant="outline" onClick={() => setOpen(false)} disabled={send.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
