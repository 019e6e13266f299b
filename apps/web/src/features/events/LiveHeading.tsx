import { StreamStatusNotice } from './StreamStatusNotice';

/** A screen's title with, beside it, whether its live updates are flowing (the screens the event stream feeds). */
export function LiveHeading({ id, title }: { id: string; title: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 id={id} className="text-xl font-semibold">
        {title}
      </h1>
      <div className="ml-auto">
        <StreamStatusNotice />
      </div>
    </div>
  );
}
