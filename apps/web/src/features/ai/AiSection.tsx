import { Outlet } from 'react-router';
import { useLiveAiUpdates } from './useLiveAiUpdates';

/** The frame of the AI screens: while one is open, the event stream keeps its results and states fresh. */
export function AiSection() {
  useLiveAiUpdates();
  return <Outlet />;
}
