/** The indefinite article a word takes in English ("an LED", "a UV lamp", "an hour", "a user"). */
export function article(phrase: string): 'a' | 'an' {
  const w = phrase.trim().split(/[\s-]+/)[0] ?? '';
  if (/^(?:[AEFHILMNORSX]|[0-9]*8|11|18)(?:[A-Z0-9]*)$/.test(w) && w === w.toUpperCase() && w.length <= 5) return 'an';
  if (/^[A-Z0-9]{2,5}$/.test(w)) return 'a';
  if (/^(?:uni|use|usu|uti|eu|one|once|ubiq)/i.test(w)) return 'a';
  if (/^(?:hour|honest|honou?r|heir)/i.test(w)) return 'an';
  return /^[aeiou]/i.test(w) ? 'an' : 'a';
}
