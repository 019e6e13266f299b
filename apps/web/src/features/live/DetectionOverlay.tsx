import { useEffect, useState } from 'react';
import { isEventOf, subscribeEvents } from '../../lib/eventStream';
import { BoxOutlines } from '../ai/FrameWithBoxes';
import type { PictureFeed } from '../../lib/livePlayback';
import { recorderClock } from '../../lib/pictureTime';
import { DetectionHistory, sameDetections, type TimedDetection } from './detectionMatch';

interface Shown {
  detections: TimedDetection[];
  /** the time of the picture they were chosen for (recorder clock) */
  pictureTime: number | null;
}

/**
 * The AI detections of a camera drawn over its live picture: per model, the detection of the picture on screen
 * (detectionMatch.ts), chosen again at every new picture. The SVG's viewBox is the analysed frame and it is
 * fitted like the video (`meet` is object-contain), so a box lands on the pixels the model saw whatever the
 * tile's shape. `showing`: the picture is live (boxes are kept, not drawn, while it connects or stalls).
 */
export function DetectionOverlay({
  cameraId,
  pictures,
  showing,
}: {
  cameraId: number;
  pictures: PictureFeed;
  showing: boolean;
}) {
  const [shown, setShown] = useState<Shown>({ detections: [], pictureTime: null });

  useEffect(() => {
    const history = new DetectionHistory();
    const choose = () => {
      const pictureTime = pictures.time;
      if (pictureTime === null) return;
      const detections = history.at(pictureTime);
      setShown((current) =>
        sameDetections(current.detections, detections) ? current : { detections, pictureTime },
      );
    };
    const unsubscribe = subscribeEvents((event) => {
      // Every event the recorder sends tells how its clock stands to ours (WebRTC pictures need it).
      recorderClock.observe(Date.parse(event.timestamp), Date.now());
      if (!isEventOf(event, 'detection') || event.camera_id !== cameraId) return;
      const { detections, frame, model_id: modelId, captured_at: capturedAt } = event.data;
      if (!frame || !detections) return;
      // A recorder that does not say when the picture was taken: the event's time (boxes then come late).
      const frameTime = capturedAt ?? Date.parse(event.timestamp);
      history.add({ modelId, frameTime, frame, boxes: detections });
      choose();
    });
    const unlisten = pictures.listen(choose);
    return () => {
      unsubscribe();
      unlisten();
    };
  }, [cameraId, pictures]);

  if (!showing) return null;
  return (
    <>
      {shown.detections.map((entry) => (
        <BoxOutlines
          key={entry.modelId ?? 'model'}
          width={entry.frame.width}
          height={entry.frame.height}
          boxes={entry.boxes}
          label={`${entry.boxes.length} detection${entry.boxes.length === 1 ? '' : 's'}: ${summary(entry.boxes)}`}
          data-detections={entry.boxes.length}
          data-frame-time={entry.frameTime}
          data-picture-time={shown.pictureTime ?? undefined}
        />
      ))}
    </>
  );
}

function summary(boxes: TimedDetection['boxes']): string {
  const counts = new Map<string, number>();
  for (const { label } of boxes) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, count]) => `${count} ${label}`).join(', ');
}
