/**
 * The people the face library recognised during an incident (the review item's `names`), as tags marked with a
 * person glyph and, for screen readers, the word — never colour alone.
 */
export function RecognisedNames({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <ul aria-label="Recognised people" className="flex flex-wrap gap-1 text-xs">
      {names.map((name) => (
        <li
          key={name}
          className="inline-flex max-w-full items-center gap-1 rounded bg-violet-100 px-1.5 py-0.5 break-words text-violet-950 dark:bg-violet-900 dark:text-violet-50"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3 shrink-0 fill-current">
            <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
          </svg>
          <span className="sr-only">recognised: </span>
          <span className="min-w-0">{name}</span>
        </li>
      ))}
    </ul>
  );
}
