import { Link } from 'react-router';
import type { ReviewItem } from '../../api/types';
import { ReviewPicture } from './ReviewBits';
import { useMediaTicket, withTicket } from './queries';
import { seen, timeOfDay } from './reviewText';

/**
 * The incident an alert or event belongs to, as its thumbnail: a link to the incident's page (its clip and
 * snapshot). The picture is decorative; the link's name says what it opens.
 */
export function IncidentLink({ item }: { item: ReviewItem }) {
  const ticket = useMediaTicket(item.camera_id);
  const thumbnail =
    item.thumbnail_url === null ? null : (withTicket(item.thumbnail_url, ticket.data) ?? undefined);
  return (
    <Link
      to={`/review/${item.id}`}
      aria-label={`Incident: ${seen(item)} from ${timeOfDay(item.start_time)}`}
      className="block shrink-0 self-start rounded outline-offset-2 hover:opacity-90"
    >
      <ReviewPicture src={thumbnail} alt="" className="aspect-video w-24 rounded sm:w-32" />
    </Link>
  );
}
