import { IMAGE_UPLOAD, MSG, videoEmbedFrom } from '@assay/shared';
import type { Editor, JSONContent } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { cn } from '../../../components/ui/cn.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { editorExtensions } from './extensions.ts';
import { cleanPastedHtml, editorHtml } from './paste.ts';

export interface RichTextEditorProps {
  /** HTML to start from (the form's content); later changes from outside are not followed. */
  initialHtml: string;
  onChange(html: string): void;
  onBlur?(): void;
  /** Stores an image (POST /media/images) and answers its address. */
  uploadImage(file: File): Promise<{ url: string }>;
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** The post editor (decision 200): loaded only when the post form opens (React.lazy). */
export default function RichTextEditor({
  initialHtml,
  onChange,
  onBlur,
  uploadImage,
  labelledBy,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const [uploading, setUploading] = useState(0);
  const upload = useRef<(files: File[], at?: number) => void>(() => undefined);
  const editor = useEditor({
    extensions: editorExtensions('Write your post… Markdown works too: # heading, - list, > quote, ``` code.'),
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        'data-testid': 'rich-editor',
        class: 'prose-content min-h-72 px-4 py-3 text-sm outline-none sm:text-base',
      },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!files.length) return false;
        upload.current(files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (!files.length) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        upload.current(files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e)),
    onBlur: () => onBlur?.(),
  });

  upload.current = (files, at) => {
    for (const file of files) {
      if (file.size > IMAGE_UPLOAD.maxBytes) {
        toast.error(MSG.imageTooLarge);
        continue;
      }
      setUploading((n) => n + 1);
      uploadImage(file)
        .then((img) => {
          const node = { type: 'figure', attrs: { src: img.url, alt: '', caption: '' } };
          if (at === undefined) insertBlock(editor, node);
          else editor.chain().focus().insertContentAt(at, node).run();
        })
        .catch((err: unknown) => {
          console.error(err);
          toast.error(MSG.imageUploadFailed, { description: errorText(err, MSG.imageUploadFailed) });
        })
        .finally(() => setUploading((n) => n - 1));
    }
  };

  return (
    <div
      className={cn(
        'rounded-lg border bg-white focus-within:ring-2 focus-within:ring-brand-500/40',
        invalid ? 'border-red-500' : 'border-slate-300',
      )}
    >
      <Toolbar editor={editor} onImages={(files) => upload.current(files)} uploading={uploading > 0} />
      <SelectionPanel editor={editor} />
      <EditorContent editor={editor} className="max-h-[60vh] overflow-y-auto" />
    </div>
  );
}

/** Inserts a block at the cursor, or after the selected image or video (never replacing it). */
function insertBlock(editor: Editor, node: JSONContent) {
  const { selection } = editor.state;
  if (selection instanceof NodeSelection) editor.chain().focus().insertContentAt(selection.to, node).run();
  else editor.chain().focus().insertContent(node).run();
}

const imageFiles = (list: FileList | undefined | null): File[] =>
  [...(list ?? [])].filter((f) => (IMAGE_UPLOAD.types as readonly string[]).includes(f.type));

type Bar = null | 'link' | 'video';

function Toolbar({ editor, onImages, uploading }: { editor: Editor; onImages(files: File[]): void; uploading: boolean }) {
  const file = useRef<HTMLInputElement>(null);
  const [bar, setBar] = useState<Bar>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: e.isActive('heading', { level: 2 })
        ? 'h2'
        : e.isActive('heading', { level: 3 })
          ? 'h3'
          : e.isActive('heading', { level: 4 })
            ? 'h4'
            : 'p',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      callout: e.isActive('callout'),
      codeBlock: e.isActive('codeBlock'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const c = () => editor.chain().focus();
  return (
    <div className="sticky top-0 z-10 rounded-t-lg border-b border-slate-200 bg-slate-50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 p-1.5">
        <label className="sr-only" htmlFor={`${editor.instanceId}-block`}>
          Text style
        </label>
        <select
          id={`${editor.instanceId}-block`}
          value={s.block}
          onChange={(e) => {
            const v = e.target.value;
            if (v === 'p') c().setParagraph().run();
            else
              c()
                .setHeading({ level: Number(v.slice(1)) as 2 | 3 | 4 })
                .run();
          }}
          className="mr-1 h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800"
        >
          <option value="p">Paragraph</option>
          <option value="h2">Heading</option>
          <option value="h3">Subheading</option>
          <option value="h4">Small heading</option>
        </select>
        <Tool label="Bold (Ctrl+B)" active={s.bold} onClick={() => c().toggleBold().run()}>
          <b>B</b>
        </Tool>
        <Tool label="Italic (Ctrl+I)" active={s.italic} onClick={() => c().toggleItalic().run()}>
          <i className="font-serif">I</i>
        </Tool>
        <Tool label="Inline code" active={s.code} onClick={() => c().toggleCode().run()}>
          <span className="font-mono text-xs">{'<>'}</span>
        </Tool>
        <Tool label="Link" active={s.link || bar === 'link'} onClick={() => setBar(bar === 'link' ? null : 'link')}>
          <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        </Tool>
        <Sep />
        <Tool label="Bulleted list" active={s.bullet} onClick={() => c().toggleBulletList().run()}>
          <Icon d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
        </Tool>
        <Tool label="Numbered list" active={s.ordered} onClick={() => c().toggleOrderedList().run()}>
          <Icon d="M10 6h10M10 12h10M10 18h10M4 5h1v4M4 9h2M4 14.5a1 1 0 0 1 2 0c0 1-2 1.5-2 3h2" />
        </Tool>
        <Tool label="Quote" active={s.quote} onClick={() => c().toggleBlockquote().run()}>
          <Icon d="M7 7h4v4c0 3-2 5-4 5M14 7h4v4c0 3-2 5-4 5" />
        </Tool>
        <Tool label="Callout" active={s.callout} onClick={() => (s.callout ? c().lift('callout').run() : c().wrapIn('callout').run())}>
          <Icon d="M12 8v5M12 16h.01M4 5h16v12H8l-4 3z" />
        </Tool>
        <Tool label="Code block" active={s.codeBlock} onClick={() => c().toggleCodeBlock().run()}>
          <Icon d="M8 8l-4 4 4 4M16 8l4 4-4 4M13 6l-2 12" />
        </Tool>
        <Tool label="Divider" onClick={() => c().setHorizontalRule().run()}>
          <Icon d="M4 12h16" />
        </Tool>
        <Tool label="Table" active={s.table} onClick={() => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
          <Icon d="M4 5h16v14H4zM4 10h16M4 15h16M10 5v14M15 5v14" />
        </Tool>
        <Sep />
        <Tool label={uploading ? 'Uploading image…' : 'Image'} busy={uploading} onClick={() => file.current?.click()}>
          <Icon d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" />
        </Tool>
        <Tool label="YouTube or Vimeo video" active={bar === 'video'} onClick={() => setBar(bar === 'video' ? null : 'video')}>
          <Icon d="M4 6h16v12H4zM10 9l5 3-5 3z" />
        </Tool>
        <Sep />
        <Tool label="Undo (Ctrl+Z)" disabled={!s.canUndo} onClick={() => c().undo().run()}>
          <Icon d="M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />
        </Tool>
        <Tool label="Redo (Ctrl+Shift+Z)" disabled={!s.canRedo} onClick={() => c().redo().run()}>
          <Icon d="M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />
        </Tool>
        <input
          ref={file}
          type="file"
          multiple
          accept={IMAGE_UPLOAD.types.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="editor-image-file"
          onChange={(e) => {
            onImages([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      {bar === 'link' && <LinkBar editor={editor} onDone={() => setBar(null)} />}
      {bar === 'video' && <VideoBar editor={editor} onDone={() => setBar(null)} />}
      {s.table && <TableBar editor={editor} />}
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  busy,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  busy?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      aria-busy={busy || undefined}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-sm text-slate-700 hover:bg-slate-200 disabled:text-slate-400 disabled:hover:bg-transparent',
        active && 'bg-slate-200 text-slate-900',
        busy && 'animate-pulse',
      )}
    >
      {children}
    </button>
  );
}

const Sep = () => <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-300" />;

const Icon = ({ d }: { d: string }) => (
  <svg
    viewBox="0 0 24 24"
    className="size-4"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

/** A one-line form under the toolbar (link address, video address). */
function UrlBar({
  label,
  initial,
  placeholder,
  submit,
  onRemove,
  onDone,
}: {
  label: string;
  initial: string;
  placeholder: string;
  submit(value: string): string | null;
  onRemove?: (() => void) | undefined;
  onDone(): void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const apply = () => {
    const problem = submit(value.trim());
    if (problem) setError(problem);
    else onDone();
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-2 py-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="url"
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
        className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm"
      />
      <Button size="sm" variant="outline" onClick={apply}>
        Apply
      </Button>
      {onRemove && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            onRemove();
            onDone();
          }}
        >
          Remove link
        </Button>
      )}
      {error && (
        <p id={`${id}-error`} className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s-]*|\/(?!\/)[^\s]*|#[^\s]*)$/i;

function LinkBar({ editor, onDone }: { editor: Editor; onDone(): void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  return (
    <UrlBar
      label="Link address"
      initial={current}
      placeholder="https://…, /page, mailto:…"
      onDone={() => {
        onDone();
        editor.commands.focus();
      }}
      onRemove={current ? () => editor.chain().focus().extendMarkRange('link').unsetLink().run() : undefined}
      submit={(raw) => {
        if (!raw) return 'Enter an address.';
        const href = /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(raw) ? `https://${raw}` : raw;
        if (!SAFE_HREF.test(href)) return 'Use an address starting with https://, a path on this site starting with /, mailto: or tel:.';
        const chain = editor.chain().focus().extendMarkRange('link');
        // A link typed in at the cursor ends there: what is typed next is not part of it.
        if (editor.state.selection.empty && !current)
          chain
            .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
            .unsetMark('link')
            .run();
        else chain.setLink({ href }).run();
        return null;
      }}
    />
  );
}

function VideoBar({ editor, onDone }: { editor: Editor; onDone(): void }) {
  return (
    <UrlBar
      label="Video address"
      initial=""
      placeholder="https://www.youtube.com/watch?v=… or https://vimeo.com/…"
      onDone={onDone}
      submit={(raw) => {
        const video = videoEmbedFrom(raw);
        if (!video) return 'Paste a YouTube or Vimeo address.';
        insertBlock(editor, { type: 'videoEmbed', attrs: { url: video.url, provider: video.provider, caption: '' } });
        return null;
      }}
    />
  );
}

function TableBar({ editor }: { editor: Editor }) {
  const c = () => editor.chain().focus();
  const items: [string, () => void][] = [
    ['Add row', () => c().addRowAfter().run()],
    ['Add column', () => c().addColumnAfter().run()],
    ['Delete row', () => c().deleteRow().run()],
    ['Delete column', () => c().deleteColumn().run()],
    ['Delete table', () => c().deleteTable().run()],
  ];
  return (
    <div role="group" aria-label="Table" className="flex flex-wrap gap-1 border-t border-slate-200 px-2 py-1.5">
      {items.map(([label, run]) => (
        <button
          key={label}
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={run}
          className="rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** Alt text and caption of the selected image, caption of the selected video. */
function SelectionPanel({ editor }: { editor: Editor }) {
  const sel = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (e.isActive('figure'))
        return { kind: 'figure' as const, ...(e.getAttributes('figure') as { src: string; alt: string; caption: string }) };
      if (e.isActive('videoEmbed'))
        return { kind: 'videoEmbed' as const, ...(e.getAttributes('videoEmbed') as { url: string; caption: string }) };
      return null;
    },
  });
  const id = useId();
  if (!sel) return null;
  const set = (attrs: Record<string, string>) => editor.chain().updateAttributes(sel.kind, attrs).run();
  return (
    <div
      role="group"
      aria-label={sel.kind === 'figure' ? 'Image details' : 'Video details'}
      className="grid gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:grid-cols-2"
    >
      {sel.kind === 'figure' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-alt`} className="block text-xs font-medium text-slate-700">
            Alt text <span className="font-normal text-slate-500">(what the image shows, for screen readers)</span>
          </label>
          <input
            id={`${id}-alt`}
            value={sel.alt}
            onChange={(e) => set({ alt: e.target.value })}
            className="h-8 w-full rounded-md border border-slate-300 px-2 text-sm"
          />
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor={`${id}-caption`} className="block text-xs font-medium text-slate-700">
          Caption <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={`${id}-caption`}
          value={sel.caption}
          onChange={(e) => set({ caption: e.target.value })}
          className="h-8 w-full rounded-md border border-slate-300 px-2 text-sm"
        />
      </div>
    </div>
  );
}
