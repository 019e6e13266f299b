import { NavLink, type NavLinkProps } from 'react-router';
import { useUnreviewedCount } from './queries';

/**
 * The navigation's "Review" entry with the number of incidents nobody has reviewed yet ("Review, 3 unreviewed"
 * to a screen reader). Kept current by review.* events, which refetch every ['review'] query.
 */
export function ReviewNavLink({ className }: { className: NavLinkProps['className'] }) {
  const count = useUnreviewedCount();
  const n = count.data;
  return (
    <NavLink
      to="/review"
      title={count.isError ? 'The number of incidents to review could not be loaded' : undefined}
      data-testid="review-nav"
      className={className}
    >
      {/* Named by its text, "Review, 3 unreviewed": the number is seen, the words around it are for screen readers. */}
      Review
      {n !== undefined && (
        <>
          <span className="sr-only">, </span>
          <span
            className={`ml-1.5 inline-block min-w-5 rounded-full px-1.5 text-center text-xs leading-5 ${n > 0 ? 'bg-sky-700 text-white' : 'sr-only'}`}
          >
            {n > 999 ? '999+' : n}
          </span>
          <span className="sr-only"> unreviewed</span>
        </>
      )}
    </NavLink>
  );
}
