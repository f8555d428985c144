import { answerFollowUpRequest, FOLLOW_UP_ANSWER_MAX, type FollowUpView } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { TextAreaField } from '../../../components/ui/Field.tsx';
import { errorText } from '../../../lib/api.ts';
import { answerFollowUp, expertKeys } from '../api/expert.ts';

/**
 * The member's follow-up round on a delivered review (decision 234): each question with a field
 * for its answer, sent once; afterwards the questions with the answers as given. One column on a
 * phone, the same on a desktop beside the invention record.
 */
export function FollowUpAnswer({ id, followUp }: { id: string; followUp: FollowUpView }) {
  const h = useId();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<string[]>(() => followUp.questions.map(() => ''));
  const [invalid, setInvalid] = useState<{ at: number; message: string }>();
  const fields = useRef<Array<HTMLTextAreaElement | null>>([]);
  const send = useMutation({
    mutationFn: (body: { answers: string[] }) => answerFollowUp(id, body),
    onSuccess: (d) => {
      queryClient.setQueryData(expertKeys.assignment(id), d);
      void queryClient.invalidateQueries({ queryKey: expertKeys.assignments });
    },
  });
  const answered = followUp.answers;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = answerFollowUpRequest.safeParse({ answers });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = typeof issue?.path[1] === 'number' ? issue.path[1] : 0;
      setInvalid({ at, message: issue?.message ?? 'Answer each question' });
      fields.current[at]?.focus();
      return;
    }
    setInvalid(undefined);
    send.mutate(parsed.data);
  };
  return (
    <section aria-labelledby={h} className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="expert-follow-up">
      <h2 id={h} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        The member’s follow-up questions
      </h2>
      {answered ? (
        <ol className="mt-2 space-y-3 text-sm">
          {followUp.questions.map((q, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              <p className="whitespace-pre-line font-medium text-slate-900">{q}</p>
              <p className="mt-1 whitespace-pre-line text-slate-800">
                <span className="font-medium">Your answer: </span>
                {answered[i]}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <form onSubmit={submit} noValidate className="mt-2 space-y-4" aria-label="Answer the follow-up questions">
          <p className="text-sm text-slate-700">One round, included in the review: answer each question once.</p>
          {followUp.questions.map((q, i) => (
            <div key={i} className="space-y-1">
              <p className="whitespace-pre-line text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
                {i + 1}. {q}
              </p>
              <TextAreaField
                ref={(el) => {
                  fields.current[i] = el;
                }}
                label={`Your answer to question ${i + 1}`}
                rows={3}
                maxLength={FOLLOW_UP_ANSWER_MAX}
                value={answers[i]}
                onChange={(e) => setAnswers((a) => a.map((x, j) => (j === i ? e.target.value : x)))}
                error={invalid?.at === i ? invalid.message : undefined}
              />
            </div>
          ))}
          {send.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(send.error)}
            </p>
          )}
          <Button type="submit" loading={send.isPending} className="w-full sm:w-auto">
            Send the answers
          </Button>
        </form>
      )}
    </section>
  );
}
