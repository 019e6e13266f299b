import { CARD, MUTED } from '../format';
import type { MqttSettings } from './types';

/** Where to look on the broker: the names this recorder publishes under, not the whole topic map. */
export function MqttTopics({ settings }: { settings: MqttSettings }) {
  const rows: [string, string][] = [
    ['Recorder id', settings.recorder_id],
    ['Topic prefix', settings.topic_prefix],
    // On a cluster each node has its own (the one this node uses, while connected).
    ['Availability', settings.status.availability_topic ?? `${settings.topic_prefix}/available`],
    ['Camera states', `${settings.topic_prefix}/cameras/<id>/…`],
    [
      'Home Assistant discovery',
      settings.discovery_enabled
        ? `${settings.discovery_prefix}/<component>/nvr_${settings.recorder_id}/…/config`
        : 'off',
    ],
  ];
  return (
    <section aria-labelledby="mqtt-topics-title" className={CARD}>
      <h2 id="mqtt-topics-title" className="font-semibold">
        Topics
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="font-mono break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={MUTED}>
        Every topic, its payload and the commands the recorder accepts are listed in the topic map (version{' '}
        {settings.topic_map_version}) in <code>docs/mqtt.md</code>, section “Topic map”.
      </p>
    </section>
  );
}
