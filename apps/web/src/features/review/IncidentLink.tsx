import { useState } from 'react';
import { Link } from 'react-router';
import type { ReviewItem } from '../../api/types';
import { useMediaTicket, withTicket } from './queries';
import { seen, timeOfDay } from './reviewText';

const THUMBNAIL = 'aspect-video w-24 rounded bg-slate-200 object-cover sm:w-32 dark:bg-slate-800';

/**
 * The incident an alert or event belongs to, as its thumbnail: a link to the incident's page (its clip and
 * snapshot). The picture is decorative; the link's name says what it opens. Without a picture (none was made, or
 * it would not load) there is nothing to show here: the row's "Incident" link still leads to it.
 */
export function IncidentLink({ item }: { item: ReviewItem }) {
  const ticket = useMediaTicket(item.camera_id);
  const [failed, setFailed] = useState(false);
  if (item.thumbnail_url === null || failed) return null;
  const src = withTicket(item.thumbnail_url, ticket.data);
  return (
    <Link
      to={`/review/${item.id}`}
      aria-label={`Incident: ${seen(item)} from ${timeOfDay(item.start_time)}`}
      className="block shrink-0 self-start rounded outline-offset-2 hover:opacity-90"
    >
      {src ? (
        <img src={src} alt="" className={THUMBNAIL} onError={() => setFailed(true)} />
      ) : (
        <div className={THUMBNAIL} aria-hidden="true" />
      )}
    </Link>
  );
}
