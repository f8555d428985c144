import {
  INVENTION_FIELDS,
  IP_STATUS_LABELS,
  IP_STATUSES,
  RECORD_LIMITS,
  REPORT_COSTS,
  TIER_LABELS,
  type Complexity,
  type InventionRecord,
  type IpStatus,
  type RecordField,
} from '@assay/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatTokens } from '../lib/format.ts';
import { trlText } from '../lib/record-text.ts';
import { figureEdited, fromDraft, newKey, type DraftErrors, type FigureRow, type ListName, type RecordDraft } from '../lib/record-draft.ts';
import { EditableList, inputClass } from './EditableList.tsx';
import { WriterNote } from './WriterNote.tsx';

export interface UnderstoodStepProps {
  /** The record as the writer read it (what an untouched form confirms). */
  record: InventionRecord;
  /** The member's edits, kept by the caller so Back and Generate again (same idea) keep them. */
  draft: RecordDraft;
  onDraft: (draft: RecordDraft) => void;
  offline: boolean;
  complexity: Complexity;
  balance: number | undefined;
  /** The token hold and the report are being started. */
  confirming: boolean;
  onBack: () => void;
  onConfirm: (record: InventionRecord) => void;
  /**
   * Correcting a finished report's record instead of confirming a new one (issue 27): the whole
   * report is rewritten on it at this price, shown with the balance after it.
   */
  correction?: { price: number };
}

/**
 * "What we understood" (issue 24, docs/decisions/153-confirm-step.md): the invention record as an
 * editable form between Generate and the token hold. Editing costs nothing; an untouched form
 * confirms the record as read. Focus starts on the heading, so a screen reader hears where it is.
 */
export function UnderstoodStep({
  record,
  draft,
  onDraft,
  offline,
  complexity,
  balance,
  confirming,
  onBack,
  onConfirm,
  correction,
}: UnderstoodStepProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  useEffect(() => heading.current?.focus(), []);

  const set = (patch: Partial<RecordDraft>) => onDraft({ ...draft, ...patch });
  const setList = (name: ListName) => (rows: RecordDraft['lists'][ListName]) =>
    onDraft({ ...draft, lists: { ...draft.lists, [name]: rows } });
  const hasErrors = Object.keys(errors).length > 0;

  const confirm = () => {
    const result = fromDraft(draft, record);
    if ('errors' in result) {
      setErrors(result.errors);
      // After the render that marks them: the first field to correct takes focus.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    onConfirm(result.record);
  };

  const stageUnchanged = draft.trl === (record.stage.trl === null ? 'none' : String(record.stage.trl));
  const cost = REPORT_COSTS[complexity];

  return (
    <form
      ref={form}
      aria-labelledby={`${id}-heading`}
      noValidate
      // Enter in a field must not start a paid report: only the button confirms.
      onSubmit={(e) => e.preventDefault()}
      className="@container space-y-6"
    >
      <div>
        <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {correction ? 'Correct what we understood' : 'What we understood'}
        </h3>
        <p className="mt-1 text-sm text-pretty text-slate-600">
          {correction
            ? 'Correct anything we got wrong: the whole report is written again on these facts, as a new version (the current one stays in the version list). Editing is free; tokens are held only when you confirm.'
            : 'Check what we read in your idea and correct anything that is wrong: the report is built on exactly this, and your facts beat our guesses. Editing is free; tokens are held only when you confirm.'}
        </p>
      </div>

      <Group title="The invention">
        <div className="grid gap-4 @2xl:grid-cols-2">
          <Text
            label="Name"
            value={draft.name}
            onChange={(name) => set({ name })}
            maxLength={RECORD_LIMITS.name}
            error={errors.name}
            hint={record.name_stated ? 'As written in your idea.' : 'Your idea names no product, so we made up a name: change it freely.'}
          />
          <Select
            label="Field"
            value={draft.field}
            onChange={(field) => set({ field: field as RecordField })}
            hint={
              draft.field !== record.field
                ? undefined
                : record.field === 'uncertain'
                  ? 'Your idea does not settle it: picking one makes the markets, rules and standards fit.'
                  : record.field_confidence !== 'high'
                    ? 'Our best guess: please check it.'
                    : undefined
            }
          >
            {INVENTION_FIELDS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
            <option value="uncertain">Not sure</option>
          </Select>
        </div>
        <Text
          label="What it is"
          value={draft.summary}
          onChange={(summary) => set({ summary })}
          maxLength={RECORD_LIMITS.summary}
          error={errors.summary}
          hint="One line."
        />
        <EditableList
          label="Key features"
          itemLabel="Feature"
          hint="The technical elements that make it work, in your words."
          empty="None read from your idea."
          rows={draft.lists.features}
          onChange={setList('features')}
          maxLength={RECORD_LIMITS.item}
          error={errors['lists.features']}
        />
      </Group>

      <Group title="Stage and protection">
        <div className="grid gap-4 @2xl:grid-cols-2">
          <div className="space-y-1.5">
            <Select label="Stage (technology readiness level)" value={draft.trl} onChange={(trl) => set({ trl })}>
              <option value="none">Not stated</option>
              {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((trl) => (
                <option key={trl} value={String(trl)}>
                  {trlText(trl)}
                </option>
              ))}
            </Select>
            {stageUnchanged && record.stage.stated_text ? (
              <Quote label={record.stage.label ? `You wrote (“${record.stage.label}”)` : 'You wrote'}>{record.stage.stated_text}</Quote>
            ) : draft.trl === 'none' ? (
              <p className="text-xs text-slate-500">Not stated in your idea: the report estimates it. Pick a level if you know it.</p>
            ) : null}
          </div>
          <Select label="Patent status" value={draft.ip_status} onChange={(s) => set({ ip_status: s as IpStatus })}>
            {IP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {IP_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-4 @2xl:grid-cols-2">
          <EditableList
            label="Patent or application numbers"
            itemLabel="Number"
            empty="None given."
            rows={draft.lists.numbers}
            onChange={setList('numbers')}
            maxLength={60}
            placeholder="e.g. US 10,123,456"
            error={errors['lists.numbers']}
          />
          <Text
            label="Owner or licensor"
            value={draft.owner}
            onChange={(owner) => set({ owner })}
            maxLength={200}
            error={errors.owner}
            hint="Who holds the rights, when you know."
          />
        </div>
      </Group>

      <Group title="Who it is for">
        <div className="grid gap-4 @2xl:grid-cols-3">
          <EditableList
            label="Applications"
            itemLabel="Application"
            empty="None named."
            rows={draft.lists.applications}
            onChange={setList('applications')}
            maxLength={RECORD_LIMITS.item}
            error={errors['lists.applications']}
          />
          <EditableList
            label="Customers and users"
            itemLabel="Customer"
            empty="None named."
            rows={draft.lists.customers}
            onChange={setList('customers')}
            maxLength={RECORD_LIMITS.item}
            error={errors['lists.customers']}
          />
          <EditableList
            label="Licensees and partners"
            itemLabel="Licensee"
            empty="None named."
            rows={draft.lists.licensees}
            onChange={setList('licensees')}
            maxLength={RECORD_LIMITS.item}
            error={errors['lists.licensees']}
          />
        </div>
      </Group>

      <Group title="Figures you gave" hint="Counts, prices and performance from your idea: the market sizing starts from these.">
        <Figures rows={draft.figures} onChange={(figures) => set({ figures })} errors={errors} />
      </Group>

      <div className="space-y-3 border-t border-slate-100 pt-4">
        <WriterNote offline={offline} />
        {hasErrors && (
          <p role="alert" className="text-sm font-medium text-red-700">
            Please correct the marked fields.
          </p>
        )}
        <div className="flex flex-col gap-3 @2xl:flex-row @2xl:items-center @2xl:justify-between">
          {correction ? (
            <p className="text-sm text-slate-600" data-testid="correction-price">
              Whole report rewritten · <strong className="font-semibold text-slate-900">{formatTokens(correction.price)} tokens</strong>
              {balance !== undefined && (
                <>
                  {' '}
                  · balance after{' '}
                  <strong className="font-semibold text-slate-900">
                    {balance >= correction.price ? `${formatTokens(balance - correction.price)} tokens` : '—'}
                  </strong>
                </>
              )}
            </p>
          ) : (
            <p className="text-sm text-slate-600">
              {TIER_LABELS[complexity]} report · <strong className="font-semibold text-slate-900">{formatTokens(cost)} tokens</strong>
              {balance !== undefined && <> · you have {formatTokens(balance)}</>}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 @2xl:flex-row">
            <Button variant="outline" onClick={onBack} disabled={confirming}>
              Back
            </Button>
            <Button
              onClick={confirm}
              loading={confirming}
              disabled={correction !== undefined && balance !== undefined && balance < correction.price}
            >
              {correction ? 'Confirm and rewrite' : 'Confirm and generate'}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h4 id={id} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {title}
        </h4>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

function Quote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className="rounded-lg border-l-2 border-brand-300 bg-brand-50/50 px-3 py-1.5 text-xs text-slate-700">
      <figcaption className="font-medium text-slate-600">{label}:</figcaption>
      <blockquote className="mt-0.5 italic">“{children}”</blockquote>
    </figure>
  );
}

interface ControlProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

function Described({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const aria = (id: string, hint: string | undefined, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

function Text({
  label,
  value,
  onChange,
  hint,
  error,
  maxLength,
  inputRef,
  inputMode,
}: ControlProps & { maxLength: number; inputRef?: (el: HTMLInputElement | null) => void; inputMode?: 'decimal' }) {
  const id = useId();
  return (
    <Described id={id} label={label} hint={hint} error={error}>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode={inputMode}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        {...aria(id, hint, error)}
        className={inputClass(Boolean(error))}
      />
    </Described>
  );
}

function Select({ label, value, onChange, hint, children }: ControlProps & { children: ReactNode }) {
  const id = useId();
  return (
    <Described id={id} label={label} hint={hint}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...aria(id, hint, undefined)} className={inputClass()}>
        {children}
      </select>
    </Described>
  );
}

/** The figures: a number (or a range), its unit and what it counts, one small group each. */
function Figures({ rows, onChange, errors }: { rows: FigureRow[]; onChange: (rows: FigureRow[]) => void; errors: DraftErrors }) {
  const addButton = useRef<HTMLButtonElement>(null);
  const firstInputs = useRef(new Map<number, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<number | 'add'>();
  useEffect(() => {
    if (focusKey === undefined) return;
    (focusKey === 'add' ? addButton.current : firstInputs.current.get(focusKey))?.focus();
    setFocusKey(undefined);
  }, [focusKey]);

  const update = (key: number, patch: Partial<FigureRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const key = newKey();
    onChange([...rows, { key, value: '', value_max: '', unit: '', what: '', stated_text: '', original: '' }]);
    setFocusKey(key);
  };
  const remove = (i: number) => {
    const next = rows.filter((_, j) => j !== i);
    onChange(next);
    setFocusKey(next[i]?.key ?? next[i - 1]?.key ?? 'add');
  };

  return (
    <div className="space-y-3">
      {rows.length === 0 && <p className="text-sm text-slate-500 italic">None given in your idea.</p>}
      {rows.map((row, i) => (
        <fieldset key={row.key} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-xs font-medium text-slate-600">Figure {i + 1}</legend>
          <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-[7rem_7rem_7rem_1fr_auto] @2xl:items-start">
            <Text
              label="Number"
              inputMode="decimal"
              value={row.value}
              onChange={(value) => update(row.key, { value })}
              maxLength={30}
              error={errors[`figures.${row.key}.value`]}
              inputRef={(el) => {
                if (el) firstInputs.current.set(row.key, el);
                else firstInputs.current.delete(row.key);
              }}
            />
            <Text
              label="Up to"
              hint="For a range."
              inputMode="decimal"
              value={row.value_max}
              onChange={(value_max) => update(row.key, { value_max })}
              maxLength={30}
              error={errors[`figures.${row.key}.value_max`]}
            />
            <Text
              label="Unit"
              value={row.unit}
              onChange={(unit) => update(row.key, { unit })}
              maxLength={40}
              error={errors[`figures.${row.key}.unit`]}
            />
            <div className="col-span-2 @2xl:col-span-1">
              <Text
                label="What it counts"
                value={row.what}
                onChange={(what) => update(row.key, { what })}
                maxLength={200}
                error={errors[`figures.${row.key}.what`]}
              />
            </div>
            <div className="col-span-2 flex justify-end @2xl:col-span-1 @2xl:pt-6">
              <Button variant="ghost" size="sm" onClick={() => remove(i)}>
                Remove<span className="sr-only"> figure {i + 1}</span>
              </Button>
            </div>
          </div>
          {row.stated_text && !figureEdited(row) && (
            <p className="mt-2 text-xs text-slate-500 italic">From your idea: “{row.stated_text}”</p>
          )}
        </fieldset>
      ))}
      <button
        ref={addButton}
        type="button"
        onClick={add}
        disabled={rows.length >= RECORD_LIMITS.figures}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50',
          'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-400',
        )}
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M10 4v12M4 10h12" strokeLinecap="round" />
        </svg>
        Add a figure
      </button>
    </div>
  );
}
