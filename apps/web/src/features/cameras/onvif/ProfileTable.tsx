import type { DeviceProfile } from './queries';

function resolution(profile: DeviceProfile): string | null {
  return profile.width !== null && profile.height !== null ? `${profile.width}×${profile.height}` : null;
}

function frameRate(profile: DeviceProfile): string | null {
  return profile.fps !== null ? `${profile.fps} fps` : null;
}

/** One line for a profile in a choice: "MainStream — H264, 1920×1080, 25 fps". */
export function profileSummary(profile: DeviceProfile): string {
  const facts = [profile.encoding, resolution(profile), frameRate(profile)].filter(Boolean);
  return facts.length ? `${profile.name} — ${facts.join(', ')}` : profile.name;
}

/** The device's media profiles as it reports them; one without a stream address is marked unusable. */
export function ProfileTable({ profiles }: { profiles: DeviceProfile[] }) {
  if (profiles.length === 0) return <p className="text-sm">The device reports no media profiles.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-medium">Media profiles</caption>
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Profile
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Encoding
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Resolution
            </th>
            <th scope="col" className="py-1 font-medium">
              Frame rate
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {profiles.map((profile) => (
            <tr key={profile.token}>
              <th scope="row" className="py-1 pr-3 font-normal break-words">
                {profile.name}
                {profile.stream_uri === null && (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">no stream address</span>
                )}
              </th>
              <td className="py-1 pr-3">{profile.encoding ?? '—'}</td>
              <td className="py-1 pr-3">{resolution(profile) ?? '—'}</td>
              <td className="py-1">{frameRate(profile) ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
