/**
 * A member who pastes a technology-transfer listing or a patent pastes its title on the first line
 * and its description below. The title names the invention and often its uses ("… membrane for
 * treatment of saline water", "gallium nitride microwave and power switching transistors"), but it
 * is not a sentence: analysed as one it would become the report's opening "what it is". So it is
 * read apart from the description: the description is analysed as before, and the title adds the
 * uses it names. Pure and deterministic.
 */

export interface PastedIdea {
  /** The first line when it reads as a title (no closing full stop, short, followed by a description). */
  title: string | null;
  /** The description (the whole text when there is no title line). */
  body: string;
}

const MAX_TITLE_WORDS = 30;

export function splitPastedTitle(idea: string): PastedIdea {
  const text = idea.replace(/\r\n?/g, '\n').trim();
  const nl = text.indexOf('\n');
  if (nl < 0) return { title: null, body: text };
  const first = text.slice(0, nl).trim();
  const rest = text.slice(nl + 1).trim();
  const words = first.split(/\s+/).filter(Boolean);
  if (rest.length < 40 || words.length === 0 || words.length > MAX_TITLE_WORDS || /[.!?:;]["”')]*$/.test(first)) return { title: null, body: text };
  return { title: first, body: rest };
}

/** Heads that name the kind of claim, not the thing: "… compositions and methods". */
const GENERIC = /^(?:methods?|systems?|process(?:es)?|apparatus(?:es)?|devices?|uses?|kits?|compositions?|techniques?|designs?|the\s+same|therefor|thereof)\b/i;

const clean = (s: string) =>
  s
    .replace(/\s+(?:therefor|thereof|and\s+(?:methods?|making|using)\b.*)$/i, '')
    .replace(/^(?:an?|the)\s+/i, '')
    .trim();

/**
 * The uses a title names: what follows "for" (unless it is a purpose such as "for measuring …")
 * and, when the title's head noun is qualified by a coordination ("microwave and power switching
 * transistors"), each qualified kind ("microwave transistors", "power switching transistors").
 */
export function titleUses(title: string): string[] {
  const out: string[] = [];
  const add = (s: string) => {
    const x = clean(s);
    if (x.length >= 3 && x.split(/\s+/).length <= 6 && !GENERIC.test(x) && !out.some((o) => o.toLowerCase() === x.toLowerCase())) out.push(x);
  };
  const main = title.replace(/\s*\([^)]*\)/g, '');
  const forPart = /\bfor\s+(?!(?:\w+ing)\b)(.+)$/i.exec(main);
  // "Method and system for brake distribution …": what a bare method or system is for is its purpose, not a use.
  const bareHead = forPart !== null && /^(?:(?:methods?|systems?|apparatus(?:es)?|devices?|process(?:es)?|techniques?)(?:,?\s*(?:and\s+)?|\s+))+$/i.test(main.slice(0, forPart.index).trim() + ' ');
  if (forPart && !bareHead) {
    for (const part of forPart[1]!.split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/)) add(part.replace(/\s+(?:using|with|by|via|in)\s.+$/i, ''));
  }
  // "<material> A and B <head>": the head noun phrase's qualifiers are the product's kinds.
  const head = (forPart ? main.slice(0, forPart.index) : main).replace(/\s+(?:using|with|by|via|as)\s.+$/i, '').trim();
  const coord = /(?:^|\s)([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+and\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+([a-z][\w-]*s)$/i.exec(head);
  if (coord && !GENERIC.test(coord[3]!)) {
    const qualifiers = [coord[1]!.split(/\s+/).at(-1)!, coord[2]!];
    for (const q of qualifiers) add(`${q} ${coord[3]}`);
  }
  return out;
}
