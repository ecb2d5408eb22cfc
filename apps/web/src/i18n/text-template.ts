/** Marks a placeholder in the translated text; no catalogue text contains it. */
const mark = '\u0000';

/**
 * A translation with placeholders, translated once and filled in many times: for a text drawn on
 * hundreds of elements of one screen (a title on each bar of the room plan), where a lookup for each
 * would be most of the screen's render. `translate` translates the text with the values it is given,
 * `names` are its placeholders.
 */
export function textTemplate<TName extends string>(
  names: readonly TName[],
  translate: (values: Record<TName, string>) => string,
): (values: Record<TName, string>) => string {
  const marked = Object.fromEntries(names.map((name) => [name, `${mark}${name}${mark}`]));
  // Literal texts at even indexes, placeholder names at odd ones.
  const parts = translate(marked as Record<TName, string>).split(mark);
  return (values) => parts.map((part, index) => (index % 2 === 1 ? values[part as TName] : part)).join('');
}
