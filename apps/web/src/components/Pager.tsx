import { Button } from './Button';

/** Previous / "Page 2 of 5" / Next under a list (0-based `page`); nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  summary,
  onPage,
}: {
  page: number;
  pages: number;
  /** said after the page number, e.g. "120 alerts" */
  summary?: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      <Button disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page + 1} of {pages}
        {summary ? ` · ${summary}` : ''}
      </span>
      <Button disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
